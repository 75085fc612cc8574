import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { registerVtpassSimulator } from '../../../src/providers/simulators/vtpass/vtpass-simulator.ts';
import { freePort } from '../../helpers/net.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const keys = { apiKey: 'crash-api-key', publicKey: 'PK_crash', secretKey: 'SK_crash' };
// a process loading the whole server is slow on a busy two-core machine: the limits catch hangs only
const PROCESS_LIMIT_MS = 180_000;

// The provider lives outside our process, as VTpass does: killing the server must not kill it.
describe('a server killed after the debit and before the provider answers', () => {
  let provider: FastifyInstance;
  let providerUrl = '';
  /** purchases VTpass has been asked to make: the server is killed only once its call has reached VTpass */
  let payCalls = 0;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qv-crash-'));
  let port = 0;
  const children: ChildProcess[] = [];
  const env = () => ({
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    VTPASS_BASE_URL: providerUrl,
    VTPASS_API_KEY: keys.apiKey,
    VTPASS_PUBLIC_KEY: keys.publicKey,
    VTPASS_SECRET_KEY: keys.secretKey,
    PURCHASE_RECHECK_AFTER_SECONDS: '1',
  });
  const cli = (...args: string[]) =>
    spawnSync(tsx, ['apps/server/src/cli.ts', ...args], {
      cwd: root,
      env: env(),
      encoding: 'utf8',
      timeout: PROCESS_LIMIT_MS,
    });
  const startServer = async () => {
    // one process (no tsx wrapper), so SIGKILL really kills the server
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: env(),
      stdio: 'ignore',
    });
    children.push(child);
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status, {
        timeout: PROCESS_LIMIT_MS,
        interval: 200,
      })
      .toBe(200);
    return child;
  };

  beforeAll(async () => {
    port = await freePort();
    provider = Fastify({ forceCloseConnections: true });
    provider.addHook('onRequest', (request, _reply, done) => {
      if (request.method === 'POST' && request.url.endsWith('/pay')) payCalls += 1;
      done();
    });
    registerVtpassSimulator(provider, {
      prefix: '/api',
      ...keys,
      callbackUrl: `http://127.0.0.1:${port}/webhooks/vtpass`,
      timeoutHangMs: Infinity,
    });
    const providerPort = await freePort();
    await provider.listen({ port: providerPort, host: '127.0.0.1' });
    providerUrl = `http://127.0.0.1:${providerPort}/api`;
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await provider.close();
  });

  it('ends the purchase by itself after a restart, once, with the ledger sound', async () => {
    expect(
      cli('user:create', '--email', 'crash@example.com', '--password', 'crash password', '--name', 'Crash')
        .status,
    ).toBe(0);
    expect(
      cli('wallet:credit', '--email', 'crash@example.com', '--amount', '1000', '--reason', 'test').status,
    ).toBe(0);

    const first = await startServer();
    const base = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: 'crash password' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const post = (url: string, body: object) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    expect((await post('/api/v1/pin', { pin: '4826' })).status).toBe(200);

    // the provider holds this answer back; the server dies while waiting for it
    void post('/api/v1/purchases', {
      requestId: 'crash-1',
      serviceId: 'mtn',
      phone: '300000000000',
      amount: '100',
      pin: '4826',
    }).catch(() => undefined);
    const read = async () => {
      const response = await fetch(`${base}/api/v1/purchases/crash-1`, { headers: { cookie } }).catch(
        () => undefined,
      );
      return response?.status === 200
        ? ((await response.json()) as { purchase: Purchase }).purchase
        : undefined;
    };
    await expect.poll(async () => (await read())?.status, { timeout: 60_000, interval: 50 }).toBe('pending');
    // on a busy machine the purchase can be recorded well before its call leaves: killed in between, VTpass
    // never heard of it, and it rightly stays pending for the team instead of being delivered
    await expect.poll(() => payCalls, { timeout: 60_000, interval: 50 }).toBe(1);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    await startServer();
    await expect
      .poll(async () => (await read())?.status, { timeout: PROCESS_LIMIT_MS, interval: 250 })
      .toBe('delivered');
    const balance = (await (await fetch(`${base}/api/v1/wallet`, { headers: { cookie } })).json()) as {
      balanceKobo: number;
    };
    expect(balance.balanceKobo).toBe(90_000);

    await Promise.all(
      children
        .filter((child) => child.exitCode === null && child.signalCode === null)
        .map((child) => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          return exited;
        }),
    );
    const verify = cli('ledger:verify');
    expect(verify.stderr).toBe('');
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true, problems: [] });
  }, 600_000);
});
