import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletAdjustmentResponse } from '@quickvend/shared/api/admin-money';
import { createScratchDatabase, databaseKinds } from '../../helpers/database.ts';
import { freePort } from '../../helpers/net.ts';
import { createProcessGroup, runCli, type Env } from '../../helpers/processes.ts';

/** A browser against either server process: one session cookie, JSON both ways. */
class Session {
  cookie = '';

  async send(base: string, url: string, body?: object): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${base}${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { cookie: this.cookie, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body: JSON.stringify(body) }),
    });
    const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
    if (cookies.length > 0) this.cookie = cookies.join('; ');
    return { status: response.status, json: await response.json() };
  }
}

// One admin's credits fired at once through two server processes on one PostgreSQL: the running totals are
// read and acted on under the admin's lock, so no two of them slip under a limit together.
describe.runIf(databaseKinds.includes('postgres'))('one admin crediting through two server processes', () => {
  const processes = createProcessGroup();
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  const webs: string[] = [];
  const admin = new Session();

  const signUp = async (base: string) => {
    const session = new Session();
    const signed = await session.send(base, '/api/v1/auth/sign-up', {
      name: 'Kemi Ade',
      email: `kemi.${randomUUID().slice(0, 8)}@example.com`,
      password: 'correct horse battery',
    });
    expect(signed.status).toBe(201);
    return (signed.json as { user: { id: string } }).user.id;
  };
  /** Every credit at once, alternating between the processes; the outcome of each. */
  const creditAtOnce = (credits: { userId: string; amount: string }[]) =>
    Promise.all(
      credits.map(async ({ userId, amount }, i) => {
        const answer = await admin.send(webs[i % 2] ?? '', `/api/v1/admin/users/${userId}/adjustments`, {
          direction: 'credit',
          amount,
          reason: 'Goodwill for a failed renewal',
        });
        expect(answer.status, JSON.stringify(answer.json)).toBe(201);
        return (answer.json as WalletAdjustmentResponse).status;
      }),
    );
  const balanceOf = async (userId: string) => {
    const answer = await admin.send(webs[0] ?? '', `/api/v1/admin/users/${userId}`);
    expect(answer.status).toBe(200);
    return (answer.json as { wallet: { balanceKobo: number } }).wallet.balanceKobo;
  };
  let env: Env = {};

  beforeAll(async () => {
    const serverUrl = process.env['TEST_DATABASE_URL'];
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
    scratch = await createScratchDatabase(serverUrl);
    const [port1, port2] = [await freePort(), await freePort()];
    webs.push(`http://127.0.0.1:${port1}`, `http://127.0.0.1:${port2}`);
    env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qv-admin-money-')),
      HOST: '127.0.0.1',
      APP_URL: webs[0] ?? '',
      AUTH_SECRET: 'admin-money-processes-auth-secret-0123',
      PIN_PEPPER: 'admin-money-processes-pin-pepper-0123',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ROLE: 'web',
    };
    // one migrates, then the other starts on the migrated database
    await processes.startServer('web1', port1, env);
    await processes.startServer('web2', port2, env);
    const created = await runCli(
      env,
      ...['admin:create', '--email', 'boss@example.com', '--password', 'boss password'],
    );
    expect(created.code, created.stderr).toBe(0);
    const signedIn = await admin.send(webs[0] ?? '', '/api/v1/auth/sign-in', {
      email: 'boss@example.com',
      password: 'boss password',
    });
    expect(signedIn.status).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await processes.stopAll();
    await scratch?.drop();
  });

  it('makes one of six ₦30,000 credits to one customer, over a ₦50,000 threshold: the other five wait', async () => {
    const customer = await signUp(webs[1] ?? '');
    const outcomes = await creditAtOnce(
      Array.from({ length: 6 }, () => ({ userId: customer, amount: '30000' })),
    );
    expect(outcomes.filter((status) => status === 'applied')).toHaveLength(1);
    expect(outcomes.filter((status) => status === 'awaiting_approval')).toHaveLength(5);
    expect(await balanceOf(customer)).toBe(3_000_000);
  });

  it('makes three of six ₦45,000 credits to six customers, past the ₦200,000 daily limit: the other three wait', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(webs[i % 2] ?? '')));
    // the first test's ₦30,000 counts too: ₦30,000 + 3 × ₦45,000 = ₦165,000; a fourth would make ₦210,000
    const outcomes = await creditAtOnce(customers.map((userId) => ({ userId, amount: '45000' })));
    expect(outcomes.filter((status) => status === 'applied')).toHaveLength(3);
    expect(outcomes.filter((status) => status === 'awaiting_approval')).toHaveLength(3);
    const balances = await Promise.all(customers.map(balanceOf));
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(3 * 4_500_000);
    const verify = await runCli(env, 'ledger:verify');
    expect(verify.json()).toMatchObject({ ok: true, problems: [] });
  });
});
