import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dist, root } from './report.ts';

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

export function buildIfNeeded(): void {
  const built = path.join(dist, 'landing.html');
  const sources = ['src', 'build', 'public', 'index.html', 'landing.html', 'vite.config.ts']
    .map((name) => path.join(root, 'apps/web', name))
    .concat(path.join(root, 'packages/shared/src'));
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (!sources.some((source) => newestChange(source) > builtAt)) return;
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@quickvend/web'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('the web app did not build: run `npm run build` to see why');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qv-bench-web-'));
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PROVIDER_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server stopped while starting');
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    base,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signUp(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({
      name: 'Bench Customer',
      email: `bench.${Date.now()}@example.com`,
      password: 'bench password 1',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * A delivered airtime purchase for the signed-in customer, to measure its receipt: a sandbox bank transfer funds
 * the wallet, a PIN is set, and ₦100 of airtime is bought. @returns the receipt's path
 */
export async function buyForReceipt(base: string, cookie: string): Promise<string> {
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie,
        origin: base,
        'sec-fetch-site': 'same-origin',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${url} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const opened = (await call('POST', '/api/v1/funding/dedicated-account')) as {
    account: { accountNumber: string } | null;
  };
  if (!opened.account) throw new Error('no dedicated account to fund the bench wallet');
  const transfer = await fetch(`${base}/sandbox/paystack/simulate/transfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account_number: opened.account.accountNumber, amount: 500_000 }),
  });
  if (!transfer.ok) throw new Error(`the sandbox transfer failed: ${transfer.status}`);
  const deadline = Date.now() + 60_000;
  while (((await call('GET', '/api/v1/balance')) as { balanceKobo: number }).balanceKobo === 0) {
    if (Date.now() > deadline) throw new Error('the sandbox transfer never reached the wallet');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await call('POST', '/api/v1/pin', { pin: '4826' });
  const requestId = `bench-${Date.now()}`;
  await call('POST', '/api/v1/purchases', {
    requestId,
    serviceId: 'mtn',
    phone: '08011111111',
    amount: '100',
    pin: '4826',
  });
  return `/transactions/${requestId}`;
}
