import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../../../src/lib/http/web-app.ts';
import { createTestApp, errorOf, signUp, type TestApp } from '../../helpers/app.ts';

const APP_SHELL = '<!doctype html><title>QuickVend</title><div id="root"></div>';
const LANDING = '<!doctype html><title>QuickVend</title><div id="root"><h1>Airtime in seconds</h1></div>';
const SANDBOX_LANDING = LANDING.replace(
  '<div id="root">',
  '<p>Sandbox: no real money moves</p><div id="root">',
);
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))})`;

/** A built web app as `vite build` leaves it: each text file with its `.br` and `.gz` beside it. */
function writeDist(files: Record<string, string>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'qv-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dist, name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  return dist;
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.body;
}

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = writeDist({
      'index.html': APP_SHELL,
      'landing.html': LANDING,
      'landing-sandbox.html': SANDBOX_LANDING,
      'sw.js': 'self.addEventListener("fetch", () => {});',
      'assets/index-abc123.js': SCRIPT,
      '.env': 'AUTH_SECRET=never-served',
    });
    t = await createTestApp('pglite', { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/dashboard', '/AirtimeTopUp', '/reset-password?token=x', '/edit-user/usr_1'])(
    'answers the page path %s with the app, revalidated each time',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(APP_SHELL);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers the home page with the landing rendered at build, with the sandbox banner in sandbox mode', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toBe(SANDBOX_LANDING);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['br', 'gzip, deflate, br', '/'],
    ['gzip', 'gzip, deflate', '/'],
    ['br', 'br', '/dashboard'],
    ['gzip', 'gzip', '/transactions'],
    ['br', 'gzip, br', '/assets/index-abc123.js'],
    ['gzip', 'gzip', '/assets/index-abc123.js'],
  ])('sends the %s copy made at build when the browser accepts %s (%s)', async (encoding, accepts, url) => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': accepts } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const expected = url === '/' ? SANDBOX_LANDING : url.startsWith('/assets/') ? SCRIPT : APP_SHELL;
    expect(decoded(response)).toBe(expected);
    expect(response.headers['content-type']).toMatch(url.endsWith('.js') ? /javascript/ : /text\/html/);
  });

  it('sends files as they are to a client that accepts no compression', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('serves fingerprinted assets as immutable, in every encoding', async () => {
    for (const accepts of ['br', 'gzip', 'identity']) {
      const response = await t.app.inject({
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': accepts },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has the service worker revalidated, never kept for a year', async () => {
    const response = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve the compressed copies under their own names', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js.br' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('x'.repeat(100));
  });

  it('answers a hashed asset it does not have with a 404, never the app a browser would keep as the file', async () => {
    for (const url of ['/assets/index-gone99.js', '/assets/', '/assets']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(String(response.headers['cache-control']), url).not.toContain('immutable');
    }
  });

  it('serves nothing outside the built folder, however the path is written', async () => {
    for (const url of [
      '/../package.json',
      '/assets/../../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets%2f..%2f..%2fpackage.json',
      '/index.html%00.js',
      '/.env',
      '/.env.br',
      '//etc/passwd',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.body, url).not.toContain('"workspaces"');
      expect(response.body, url).not.toContain('never-served');
      expect([200, 400, 403, 404], url).toContain(response.statusCode);
      if (response.statusCode === 200) expect(response.body, url).toBe(APP_SHELL);
    }
  });

  it('compresses JSON answers of 1 KB or more, and leaves small ones as they are', async () => {
    const large = await t.app.inject({ url: '/api/v1/services', headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const services = JSON.parse(decoded(large)) as { services: unknown[] };
    expect(services.services.length).toBeGreaterThan(0);
    expect(large.rawPayload.length).toBeLessThan(Buffer.byteLength(decoded(large)));

    const gzip = await t.app.inject({ url: '/api/v1/services', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(services);

    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('keeps the balance stream uncompressed, each event sent as it happens', async () => {
    const { client } = await signUp(t.app);
    const controller = new AbortController();
    const response = await fetch(`${t.selfUrl}/api/v1/wallet/events`, {
      headers: { cookie: client.cookieHeader, 'accept-encoding': 'br, gzip, deflate' },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    let received = '';
    // the stream stays open: the first balance arrives while it does, not when it ends
    while (!received.includes('event: balance')) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) throw new Error(`the stream ended before an event: ${received}`);
      received += decoder.decode(chunk.value as Uint8Array);
    }
    expect(received).toContain('"balanceKobo":0');
    controller.abort();
    await reader?.cancel().catch(() => undefined);
  });

  it('keeps JSON 404s for API paths and refuses non-GET page requests', async () => {
    const api = await t.app.inject({ url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(errorOf(api).code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: '/webhooks/unknown' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/dashboard' })).statusCode).toBe(404);
  });
});

async function bareWebApp(files: Record<string, string>, isSandbox: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await registerWebApp(app, { root: writeDist(files), isSandbox });
  return app;
}

/** What `vite build` does to a folder a server is serving: empties it, then writes the new build. */
function rebuild(dist: string, files: Record<string, string>): void {
  for (const entry of readdirSync(dist)) rmSync(path.join(dist, entry), { recursive: true });
  mkdirSync(path.join(dist, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
  }
}

describe('a rebuild under a running server', () => {
  it('serves the new build at once: its page, its new assets (immutable), and no longer the old ones', async () => {
    const dist = writeDist({ 'index.html': APP_SHELL, 'assets/index-abc123.js': SCRIPT });
    const app = Fastify();
    await registerWebApp(app, { root: dist, isSandbox: true });
    try {
      expect((await app.inject({ url: '/assets/index-abc123.js' })).body).toBe(SCRIPT);
      const newShell = APP_SHELL.replace('QuickVend', 'QuickVend 2');
      const newScript = 'console.log("the new build")';
      rebuild(dist, {
        'index.html': newShell,
        'assets/index-def456.js': newScript,
        'assets/chunk-789.js': '1',
      });

      for (const url of ['/', '/dashboard', '/index.html']) {
        const page = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
        expect(page.statusCode, url).toBe(200);
        expect(decoded(page), url).toBe(newShell);
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
      for (const accepts of ['br', 'identity']) {
        const asset = await app.inject({
          url: '/assets/index-def456.js',
          headers: { 'accept-encoding': accepts },
        });
        expect(asset.statusCode).toBe(200);
        expect(decoded(asset)).toBe(newScript);
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect((await app.inject({ url: '/assets/chunk-789.js' })).body).toBe('1');
      expect((await app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('serving the web app in live mode', () => {
  it('answers the home page with the landing that has no sandbox banner', async () => {
    const app = await bareWebApp(
      { 'index.html': APP_SHELL, 'landing.html': LANDING, 'landing-sandbox.html': SANDBOX_LANDING },
      false,
    );
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded(response)).toBe(LANDING);
    await app.close();
  });
});

describe('serving a build without a prerendered landing', () => {
  it('answers the home page with the app', async () => {
    const app = await bareWebApp({ 'index.html': APP_SHELL }, true);
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(APP_SHELL);
    expect(response.headers['cache-control']).toBe('no-cache');
    await app.close();
  });
});
