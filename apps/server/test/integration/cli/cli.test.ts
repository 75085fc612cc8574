import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/net.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const cliEntry = path.join(root, 'apps/server/src/cli.ts');
const serverEntry = path.join(root, 'apps/server/src/main.ts');
// each command is a new process that loads the whole server: slow on a busy two-core machine, so the
// limits only catch a process that hangs, never one that is merely slow
const PROCESS_LIMIT_MS = 180_000;

function cli(args: string[], env: Record<string, string>) {
  const result = spawnSync(tsx, [cliEntry, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: PROCESS_LIMIT_MS,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('operator command line', { timeout: 600_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qv-cli-'));
  const env = { DATA_DIR: dataDir };
  const servers: ReturnType<typeof spawn>[] = [];
  afterAll(() => {
    for (const server of servers) server.kill('SIGTERM');
  });

  it('creates an admin, then promotes an existing user, printing one JSON object', () => {
    const created = cli(
      ['admin:create', '--email', 'Boss@Example.com', '--password', 'boss password', '--name', 'Boss'],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({
      ok: true,
      created: true,
      user: { email: 'boss@example.com', name: 'Boss', role: 'admin' },
    });

    const user = cli(
      ['user:create', '--email', 'ada@example.com', '--password', 'ada password', '--name', 'Ada'],
      env,
    );
    expect(JSON.parse(user.stdout)).toMatchObject({ user: { email: 'ada@example.com', role: 'user' } });

    const promoted = cli(['admin:create', '--email', 'ada@example.com'], env);
    expect(JSON.parse(promoted.stdout)).toMatchObject({
      created: false,
      promoted: true,
      user: { role: 'admin' },
    });
  });

  it('credits and debits a wallet through the ledger with an audit record, and verifies the ledger', () => {
    const credit = cli(
      ['wallet:credit', '--email', 'ada@example.com', '--amount', '1,500.00', '--reason', 'goodwill'],
      env,
    );
    expect(credit.stderr).toBe('');
    expect(JSON.parse(credit.stdout)).toMatchObject({
      ok: true,
      direction: 'credit',
      amountKobo: 150_000,
      balanceBefore: '0.00',
      balanceAfter: '1500.00',
      reason: 'goodwill',
      auditId: expect.stringMatching(/^aud_/) as unknown,
    });
    const debit = cli(
      ['wallet:debit', '--email', 'ada@example.com', '--amount', '200', '--reason', 'reversal'],
      env,
    );
    expect(JSON.parse(debit.stdout)).toMatchObject({ balanceBefore: '1500.00', balanceAfter: '1300.00' });

    const overdraw = cli(
      ['wallet:debit', '--email', 'ada@example.com', '--amount', '5000', '--reason', 'too much'],
      env,
    );
    expect(overdraw.status).toBe(1);
    expect(overdraw.stderr).toContain(
      'This debit of ₦5,000.00 is more than the wallet holds (₦1,300.00). A debit never takes a wallet below zero.',
    );

    // above the approval limit (₦50,000) an admin must approve it, unless the operator overrides
    const asked = cli(
      ['wallet:credit', '--email', 'ada@example.com', '--amount', '60000', '--reason', 'cash at the office'],
      env,
    );
    expect(asked.stderr).toBe('');
    expect(JSON.parse(asked.stdout)).toMatchObject({
      ok: true,
      status: 'awaiting_approval',
      approval: { id: expect.stringMatching(/^apr_/) as unknown, amount: '60000.00' },
    });
    const overridden = cli(
      [
        'wallet:credit',
        ...['--email', 'ada@example.com', '--amount', '60000', '--reason', 'cash at the office'],
        '--override',
      ],
      env,
    );
    expect(overridden.stderr).toBe('');
    expect(JSON.parse(overridden.stdout)).toMatchObject({
      status: 'applied',
      override: true,
      balanceBefore: '1300.00',
      balanceAfter: '61300.00',
    });

    const key = cli(['apikey:create', '--email', 'ada@example.com', '--name', 'Ada shop'], env);
    expect(JSON.parse(key.stdout)).toMatchObject({
      ok: true,
      name: 'Ada shop',
      key: expect.stringMatching(/^qv_[\w-]{40,}$/) as unknown,
    });
    const reconcile = cli(['purchases:reconcile'], env);
    expect(JSON.parse(reconcile.stdout)).toEqual({ ok: true, changed: [] });
    // a day with no sales and no reading of the float cannot be shown to balance: it prints why and exits 1
    const reconcileDay = cli(['reconcile:provider', '--date', '2025-03-10'], env);
    expect(reconcileDay.status).toBe(1);
    expect(JSON.parse(reconcileDay.stdout)).toMatchObject({
      ok: false,
      day: '2025-03-10',
      status: 'differences',
      differences: [{ kind: 'float-unread', amountKobo: 0 }],
    });

    const verify = cli(['ledger:verify'], env);
    expect(verify.status).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true, problems: [] });
  });

  it('explains bad input on stderr with a non-zero exit', () => {
    const duplicate = cli(
      ['user:create', '--email', 'ada@example.com', '--password', 'another pw', '--name', 'Ada'],
      env,
    );
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toContain('An account with this email already exists.');
    expect(duplicate.stdout).toBe('');

    const shortPassword = cli(
      ['user:create', '--email', 'b@example.com', '--password', 'short', '--name', 'B'],
      env,
    );
    expect(shortPassword.status).toBe(1);
    expect(shortPassword.stderr).toContain('--password must be at least 8 characters');

    const noReason = cli(['wallet:credit', '--email', 'ada@example.com', '--amount', '10'], env);
    expect(noReason.status).toBe(1);
    expect(noReason.stderr).toContain('--reason is required');
    const badAmount = cli(
      ['wallet:credit', '--email', 'ada@example.com', '--amount', '1.005', '--reason', 'x y z'],
      env,
    );
    expect(badAmount.stderr).toContain('--amount: Use at most 2 digits after the point.');

    const unknown = cli(['wallet:explode'], env);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: wallet:explode');
  });

  it('refuses another AUTH_SECRET on the same database, naming it, until the operator accepts the change', () => {
    const otherSecret = { ...env, AUTH_SECRET: 'a-rotated-secret-a-rotated-secret-0123456' };
    const refused = cli(['ledger:verify'], otherSecret);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /^AUTH_SECRET differs from the value this database was first started with/,
    );
    expect(refused.stderr).not.toContain('PIN_PEPPER');

    const accepted = cli(['secrets:accept'], otherSecret);
    expect(JSON.parse(accepted.stdout)).toMatchObject({ ok: true, accepted: ['AUTH_SECRET', 'PIN_PEPPER'] });
    expect(cli(['ledger:verify'], otherSecret).status).toBe(0);
    expect(cli(['ledger:verify'], env).stderr).toMatch(/^AUTH_SECRET differs/);
    expect(cli(['secrets:accept'], env).status).toBe(0);
  });

  it('refuses to open the embedded database while the server holds it, and leaves it working', async () => {
    const port = await freePort();
    const server = spawn(tsx, [serverEntry], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    servers.push(server);
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status, {
        timeout: PROCESS_LIMIT_MS,
        interval: 200,
      })
      .toBe(200);

    const second = cli(['migrate'], env);
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/in use by another process \(pid \d+\)/);

    const signIn = await fetch(`http://127.0.0.1:${port}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@example.com', password: 'boss password' }),
    });
    expect(signIn.status).toBe(200);
    // apikey:create turned Ada's partner access on, so her profile shows Developers with the key
    const ada = await fetch(`http://127.0.0.1:${port}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'ada password' }),
    });
    const cookie = ada.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const profile = await fetch(`http://127.0.0.1:${port}/api/v1/profile`, { headers: { cookie } });
    const { profile: details } = (await profile.json()) as { profile: { partnerAccessSince: string | null } };
    expect(details.partnerAccessSince).not.toBeNull();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));

    const afterStop = cli(['migrate'], env);
    expect(afterStop.status).toBe(0);
    expect(JSON.parse(afterStop.stdout)).toMatchObject({ ok: true, database: 'pglite' });
  });
});

describe('on PostgreSQL, refusals in one line', { timeout: 600_000 }, () => {
  const secrets = {
    AUTH_SECRET: 'cli-auth-secret-0123456789abcdef0123',
    PIN_PEPPER: 'cli-pin-pepper-0123456789abcdef0123',
  };

  it('refuses without AUTH_SECRET and PIN_PEPPER, naming them, and generates none', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qv-cli-pg-'));
    const refused = cli(['ledger:verify'], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://quickvend@127.0.0.1:9/quickvend',
      AUTH_SECRET: '',
      PIN_PEPPER: '',
    });
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^DATABASE_URL is set, so AUTH_SECRET and PIN_PEPPER must be set too, to the same values in every process on the database \(make one with: openssl rand -hex 32\)\n$/,
    );
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('says which PostgreSQL it could not reach, without a stack trace or the password, and fails', async () => {
    const port = await freePort();
    const env = {
      ...secrets,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qv-cli-pg-')),
      DATABASE_URL: `postgres://quickvend:hunter2-password@127.0.0.1:${port}/quickvend`,
    };
    const unreachable = `Could not connect to PostgreSQL at 127.0.0.1:${port}, database quickvend: connect ECONNREFUSED 127.0.0.1:${port}\n`;
    const command = cli(['ledger:verify'], env);
    expect(command.status).toBe(1);
    expect(command.stderr).toBe(unreachable);

    const server = spawnSync(tsx, [serverEntry], {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(await freePort()), LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: PROCESS_LIMIT_MS,
    });
    expect(server.status).toBe(1);
    expect(server.stderr).toBe(unreachable);
  });
});
