import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';

const rendererFile = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

// the page is the same whatever the database
describe('the API reference page at /docs/api', () => {
  let t: TestApp;
  let html: string;
  let headers: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const response = await t.app.inject({ method: 'GET', url: '/docs/api' });
    expect(response.statusCode).toBe(200);
    html = response.body;
    headers = response.headers;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a page of its own that draws the OpenAPI document, for anyone', () => {
    expect(headers['content-type']).toMatch(/^text\/html/);
    expect(html).toContain('<redoc spec-url="/api/v1/openapi.json"');
    expect(html).not.toMatch(/\/assets\/|index-[\w-]+\.js/);
  });

  it('loads its renderer from this server only: nothing from another site, no inline script', () => {
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const policy = String(headers['content-security-policy']);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toMatch(/https?:|\*/);
  });

  it("serves the renderer's file under a hashed name, compressed, cached for good", async () => {
    const [, src] = /<script src="([^"]+)"><\/script>/.exec(html) ?? [];
    expect(src).toMatch(/^\/docs\/api\/redoc\.[0-9a-f]{12}\.js$/);
    const original = readFileSync(rendererFile);
    const br = await t.app.inject({
      method: 'GET',
      url: src ?? '',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(original.length / 3);
    const gz = await t.app.inject({ method: 'GET', url: src ?? '', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: src ?? '', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('has nothing else under its path', async () => {
    for (const url of ['/docs/api/redoc.000000000000.js', '/docs/api/..%2F..%2Fpackage.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
