import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, databaseKinds } from '../../helpers/database.ts';
import { freePort } from '../../helpers/net.ts';
import { createProcessGroup, runCli, type Env } from '../../helpers/processes.ts';

const LIMIT_KOBO = 100_000;

// A key's daily limit is one row raised conditionally in each purchase's hold transaction: purchases through
// two server processes at once queue on it, and never take the day's spend over the limit.
describe.runIf(databaseKinds.includes('postgres'))('a key’s daily limit across two server processes', () => {
  const processes = createProcessGroup();
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  let pool: pg.Pool | undefined;
  const webs: string[] = [];
  let env: Env = {};

  beforeAll(async () => {
    const serverUrl = process.env['TEST_DATABASE_URL'];
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
    scratch = await createScratchDatabase(serverUrl);
    pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    pool.on('error', () => undefined);
    const [port1, port2, simulatorPort] = [await freePort(), await freePort(), await freePort()];
    webs.push(`http://127.0.0.1:${port1}`, `http://127.0.0.1:${port2}`);
    // the benchmark's simulator: no duplicate window, so one sandbox number sells many times at once
    await processes.startVtpassSimulator(simulatorPort, `${webs[0] ?? ''}/webhooks/vtpass`);
    env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qv-key-limits-')),
      HOST: '127.0.0.1',
      APP_URL: webs[0] ?? '',
      AUTH_SECRET: 'key-limits-processes-auth-secret-0123',
      PIN_PEPPER: 'key-limits-processes-pin-pepper-0123',
      PARTNER_REQUESTS_PER_SECOND: '100000',
      VTPASS_BASE_URL: `http://127.0.0.1:${simulatorPort}/api`,
      VTPASS_API_KEY: 'sandbox-api-key',
      VTPASS_PUBLIC_KEY: 'PK_sandbox',
      VTPASS_SECRET_KEY: 'SK_sandbox',
      LOG_LEVEL: 'warn',
    };
    // one migrates, then the other starts on the migrated database
    await processes.startServer('web1', port1, env);
    await processes.startServer('web2', port2, env);
  }, 240_000);
  afterAll(async () => {
    await processes.stopAll();
    await pool?.end();
    await scratch?.drop();
  });

  const cli = async (...args: string[]) => {
    const result = await runCli(env, ...args);
    if (result.code !== 0) throw new Error(`cli ${args[0] ?? ''} exited ${result.code}: ${result.stderr}`);
    return result.json();
  };

  it('30 purchases of ₦100 at once through both processes on a ₦1,000 limit: spent exactly ₦1,000, never more', async () => {
    const email = 'till@example.com';
    await cli('user:create', '--email', email, '--password', 'partner password', '--name', 'Till');
    await cli('wallet:credit', '--email', email, '--amount', '10000', '--reason', 'limit test funds');
    const { key, id } = await cli('apikey:create', '--email', email);
    if (typeof key !== 'string' || typeof id !== 'string') throw new Error('no key');
    await pool?.query('update api_keys set daily_limit_kobo = $1 where id = $2', [LIMIT_KOBO, id]);

    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const response = await fetch(`${webs[i % 2] ?? ''}/api/v1/purchases`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            requestId: `limit-${i}`,
            serviceId: 'mtn',
            phone: '08011111111',
            amount: '100',
          }),
        });
        return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
      }),
    );
    const refused = answers.filter((answer) => answer.status === 403);
    expect(refused.every((answer) => answer.body.error?.code === 'FORBIDDEN')).toBe(true);
    expect(answers.filter((answer) => answer.status !== 403 && answer.status !== 201)).toEqual([]);

    const spent = await pool?.query<{ spent: number }>(
      'select spent_kobo::int as spent from api_key_daily_spend where key_id = $1',
      [id],
    );
    const kept = await pool?.query<{ total: number; price: number }>(
      `select coalesce(sum(charged_kobo), 0)::int as total, max(charged_kobo)::int as price from purchases
       where api_key_id = $1 and status <> 'failed'`,
      [id],
    );
    // the counter holds exactly what the purchases that were not refunded charged: the limit, filled as far
    // as whole purchases go, and never past it
    const total = kept?.rows[0]?.total ?? -1;
    expect(spent?.rows[0]?.spent).toBe(total);
    expect(total).toBeLessThanOrEqual(LIMIT_KOBO);
    expect(LIMIT_KOBO - total).toBeLessThan(kept?.rows[0]?.price ?? 0);
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThan(0);
    const verify = await runCli(env, 'ledger:verify');
    expect(verify.json()).toMatchObject({ ok: true, problems: [] });
  }, 180_000);
});
