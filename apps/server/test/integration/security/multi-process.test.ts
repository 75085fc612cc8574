import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { createVtpassProvider } from '../../../src/providers/vtpass/vtpass.adapter.ts';
import { createScratchDatabase, databaseKinds } from '../../helpers/database.ts';
import { freePort } from '../../helpers/net.ts';
import { createProcessGroup, runCli, type Env, type RunningProcess } from '../../helpers/processes.ts';
import { startProviderGate } from '../../helpers/provider-gate.ts';
import { ledgerMismatches } from '../../helpers/purchase-ledger.ts';

// The keys the standalone simulator (apps/server/bench/vtpass-simulator-server.ts) accepts.
const VTPASS_KEYS = { apiKey: 'sandbox-api-key', publicKey: 'PK_sandbox', secretKey: 'SK_sandbox' };
const PRICE_KOBO = 10_000;
const OPEN_STATUSES = ['processing', 'pending'];

type Server = { name: 'A' | 'B'; url: string; port: number; env: Env; process?: RunningProcess };

type Answer = {
  server: Server['name'];
  requestId: string;
  /** undefined when no answer came: the connection failed or was cut */
  status?: number;
  purchase?: Purchase;
  errorCode?: string;
  failure?: string;
};

type PurchaseRow = {
  id: string;
  requestId: string;
  status: string;
  chargedKobo: number;
  balanceAfterKobo: number;
  providerRequestId: string;
};

// Real concurrency between processes needs PostgreSQL; PGlite is one process's embedded database. Importing
// databaseKinds also imports its guard: CI without TEST_DATABASE_URL fails instead of skipping this.
describe.skipIf(!databaseKinds.includes('postgres'))('two server processes on one PostgreSQL', () => {
  const processes = createProcessGroup();
  const tempDirs: string[] = [];
  const servers: Server[] = [];
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let pool: pg.Pool | undefined;
  let cliEnv: Env = {};
  let simulatorUrl = '';
  let gate: Awaited<ReturnType<typeof startProviderGate>> | undefined;

  const tempDir = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `qv-multi-${name}-`));
    tempDirs.push(dir);
    return dir;
  };
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    if (!pool) throw new Error('no database');
    return (await pool.query<T>(text, values)).rows;
  };
  const serverNamed = (name: Server['name']) => {
    const server = servers.find((s) => s.name === name);
    if (!server) throw new Error(`no server ${name}`);
    return server;
  };

  beforeAll(async () => {
    const serverUrl = process.env['TEST_DATABASE_URL'];
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
    database = await createScratchDatabase(serverUrl);
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    // an idle client still closing when the database is dropped at the end hears it terminated; queries' own
    // errors still fail their queries
    pool.on('error', () => undefined);
    const [portA, portB, simulatorPort] = await Promise.all([freePort(), freePort(), freePort()]);
    simulatorUrl = `http://127.0.0.1:${simulatorPort}/api`;
    await processes.startVtpassSimulator(simulatorPort, `http://127.0.0.1:${portA}/webhooks/vtpass`);

    // the same secrets everywhere: a process whose secrets differ from the database's record refuses to start
    const shared: Env = {
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'multi-process-auth-secret-0123456789abcdef',
      PIN_PEPPER: 'multi-process-pin-pepper-0123456789abcdef',
      AUTH_RATE_LIMIT: '100000',
      // storms of one partner's purchases, far above the per-partner rate of a real deployment
      PARTNER_REQUESTS_PER_SECOND: '100000',
      PURCHASE_RECHECK_AFTER_SECONDS: '1',
      VTPASS_BASE_URL: simulatorUrl,
      VTPASS_API_KEY: VTPASS_KEYS.apiKey,
      VTPASS_PUBLIC_KEY: VTPASS_KEYS.publicKey,
      VTPASS_SECRET_KEY: VTPASS_KEYS.secretKey,
    };
    cliEnv = { ...shared, DATA_DIR: tempDir('cli') };
    // A reaches the provider through a gate, so the crash test can choose what A's provider calls become
    gate = await startProviderGate(`http://127.0.0.1:${simulatorPort}`);
    servers.push(
      {
        name: 'A',
        port: portA,
        url: `http://127.0.0.1:${portA}`,
        env: { ...shared, DATA_DIR: tempDir('A'), VTPASS_BASE_URL: `${gate.url}/api` },
      },
      {
        name: 'B',
        port: portB,
        url: `http://127.0.0.1:${portB}`,
        env: { ...shared, DATA_DIR: tempDir('B') },
      },
    );
  }, 180_000);

  afterAll(async () => {
    await processes.stopAll();
    await gate?.close();
    await pool?.end();
    await database?.drop();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const start = async (server: Server) => {
    server.process = await processes.startServer(`server ${server.name}`, server.port, server.env);
  };
  /** Each test needs both processes; the first test may have left one down. */
  const startMissingServers = async () => {
    for (const server of servers) if (!server.process?.isRunning()) await start(server);
  };

  const cli = async (...args: string[]) => {
    const result = await runCli(cliEnv, ...args);
    if (result.code !== 0) throw new Error(`cli ${args[0] ?? ''} exited ${result.code}: ${result.stderr}`);
    return result.json();
  };

  /** A partner made as an operator would: a user, an audited credit, an API key. */
  async function newPartner(amount: string): Promise<{ userId: string; key: string }> {
    const email = `partner-${randomUUID()}@example.com`;
    const created = await cli(
      'user:create',
      '--email',
      email,
      '--password',
      'partner password',
      '--name',
      'P',
    );
    await cli('wallet:credit', '--email', email, '--amount', amount, '--reason', 'multi-process test funds');
    const { key } = await cli('apikey:create', '--email', email);
    const userId = (created['user'] as { id?: unknown } | undefined)?.id;
    if (typeof userId !== 'string' || typeof key !== 'string') throw new Error('partner not created');
    return { userId, key };
  }

  async function buy(server: Server, key: string, requestId: string): Promise<Answer> {
    try {
      const response = await fetch(`${server.url}/api/v1/purchases`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requestId, serviceId: 'mtn', phone: '08011111111', amount: '100' }),
      });
      const body = (await response.json()) as { purchase?: Purchase; error?: { code: string } };
      return {
        server: server.name,
        requestId,
        status: response.status,
        ...(body.purchase && { purchase: body.purchase }),
        ...(body.error && { errorCode: body.error.code }),
      };
    } catch (error) {
      return { server: server.name, requestId, failure: String(error) };
    }
  }

  const purchasesOf = (userId: string) =>
    query<PurchaseRow>(
      `select id, request_id as "requestId", status, charged_kobo::int as "chargedKobo",
        balance_after_kobo::int as "balanceAfterKobo", provider_request_id as "providerRequestId"
       from purchases where user_id = $1 order by id`,
      [userId],
    );

  const walletOf = async (userId: string) => {
    const [row] = await query<{ balance: number }>(
      'select balance_kobo::int as balance from ledger_accounts where owner_user_id = $1',
      [userId],
    );
    return row?.balance;
  };

  const openCount = async (userId: string) =>
    (await purchasesOf(userId)).filter((row) => OPEN_STATUSES.includes(row.status)).length;

  async function expectLedgerVerifies(): Promise<void> {
    const verify = await runCli(cliEnv, 'ledger:verify');
    expect(verify.stderr).toBe('');
    expect(verify.json()).toMatchObject({ ok: true, problems: [] });
    expect(verify.code).toBe(0);
  }

  // as a deploy starts them: together, racing to migrate the database and create the job queues
  it('both processes start at the same moment on a new database', async () => {
    const started = await Promise.allSettled(servers.map(start));
    expect(
      started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : [])),
    ).toEqual([]);
  }, 180_000);

  it('a storm of 300 purchases split across both processes on a wallet that affords 100: 100 delivered, 200 refused, ₦0.00 left', async () => {
    await startMissingServers();
    const { userId, key } = await newPartner('10000.00');
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        buy(servers[i % 2] ?? serverNamed('A'), key, `storm-${i}-${randomUUID()}`),
      ),
    );

    expect(answers.filter((a) => a.failure !== undefined)).toEqual([]);
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 402);
    expect(accepted).toHaveLength(100);
    expect(refused).toHaveLength(200);
    expect(refused.every((a) => a.errorCode === 'INSUFFICIENT_FUNDS')).toBe(true);
    // both processes sold from the one wallet
    expect(new Set(accepted.map((a) => a.server))).toEqual(new Set(['A', 'B']));
    // a slow provider answer may leave one pending for a requery; none may fail
    expect(accepted.filter((a) => !['delivered', 'pending'].includes(a.purchase?.status ?? ''))).toEqual([]);

    await expect.poll(() => openCount(userId), { timeout: 120_000, interval: 500 }).toBe(0);
    const rows = await purchasesOf(userId);
    // nothing lost, nothing doubled: exactly the accepted requests became purchases, each once, all delivered
    expect(rows.map((r) => r.id).sort()).toEqual(accepted.map((a) => a.purchase?.id).sort());
    expect(rows.map((r) => r.requestId).sort()).toEqual(accepted.map((a) => a.requestId).sort());
    expect(rows.filter((r) => r.status !== 'delivered')).toEqual([]);
    // the debits queued on the one wallet row: each saw the balance the one before it left
    expect(rows.map((r) => r.balanceAfterKobo).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, i) => i * PRICE_KOBO),
    );
    expect(await walletOf(userId)).toBe(0);
    expect(await ledgerMismatches(query, userId)).toEqual([]);
    await expectLedgerVerifies();
  }, 180_000);

  it('one requestId sent 20 times at once across both processes: one purchase, one debit, the same purchase in every answer', async () => {
    await startMissingServers();
    const { userId, key } = await newPartner('1000.00');
    const requestId = `same-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => buy(servers[i % 2] ?? serverNamed('A'), key, requestId)),
    );

    expect(answers.filter((a) => a.failure !== undefined)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(19);
    const ids = new Set(answers.map((a) => a.purchase?.id));
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.purchase?.requestId === requestId)).toBe(true);

    await expect.poll(() => openCount(userId), { timeout: 60_000, interval: 250 }).toBe(0);
    const rows = await purchasesOf(userId);
    expect(rows.map((r) => [r.id, r.status])).toEqual([[[...ids][0], 'delivered']]);
    expect(await walletOf(userId)).toBe(100_000 - PRICE_KOBO);
    const [debits] = await query<{ n: number }>(
      `select count(*)::int as n from ledger_lines l join ledger_accounts a on a.id = l.account_id
       where a.owner_user_id = $1 and l.amount_kobo < 0`,
      [userId],
    );
    expect(debits?.n).toBe(1);
    expect(await ledgerMismatches(query, userId)).toEqual([]);
    await expectLedgerVerifies();
  }, 180_000);

  it('kill -9 of one process mid-storm: after its restart every purchase is delivered or refunded, once, and the ledger verifies', async () => {
    await startMissingServers();
    const a = serverNamed('A');
    const b = serverNamed('B');
    const killed = a.process;
    if (!killed || !gate) throw new Error('server A is not running');
    const providerGate = gate;
    const { userId, key } = await newPartner('30000.00');
    const storm = Array.from({ length: 300 }, (_, i) => ({
      server: i % 2 === 0 ? a : b,
      requestId: `crash-${i}-${randomUUID()}`,
    }));
    // The provider takes A's first 20 purchases as usual; A's calls after those hang. A dies mid-storm with
    // purchases the provider sold without A hearing of it and purchases the provider never saw.
    providerGate.trapPurchasesAfter(20);
    const stormAnswers = Promise.all(storm.map(({ server, requestId }) => buy(server, key, requestId)));
    await expect
      .poll(() => Math.min(providerGate.held().length, providerGate.withheld().length), {
        timeout: 60_000,
        interval: 20,
      })
      .toBeGreaterThanOrEqual(3);
    killed.child.kill('SIGKILL');
    const answers = await stormAnswers;
    await processes.stop(killed);
    expect(killed.child.signalCode).toBe('SIGKILL');
    providerGate.open();

    const cutOff = answers.filter((x) => x.failure !== undefined);
    expect(cutOff.length).toBeGreaterThan(0);
    expect(cutOff.every((x) => x.server === 'A')).toBe(true);
    // the survivor served its callers throughout
    const answered = answers.filter((x) => x.failure === undefined);
    expect(answered.filter((x) => x.status !== 201 || x.purchase?.status === 'failed')).toEqual([]);

    // a partner retries what got no answer, on the survivor: the same key never makes a second purchase
    const retries = await Promise.all(cutOff.map((x) => buy(b, key, x.requestId)));
    expect(retries.filter((x) => x.status !== 200 && x.status !== 201)).toEqual([]);
    const rowsAfterKill = await purchasesOf(userId);
    expect(rowsAfterKill).toHaveLength(300);

    // A purchase the provider never received is refunded only five minutes after it was made, in case it is
    // still on its way. Every call has ended (A is dead, B answered everything), so none is: age these past
    // that grace rather than wait it out. Finding and refunding them is still the servers' own work.
    const provider = createVtpassProvider({ baseUrl: simulatorUrl, ...VTPASS_KEYS });
    const providerSays = async (row: PurchaseRow) => (await provider.requery(row.providerRequestId)).status;
    const open = rowsAfterKill.filter((r) => OPEN_STATUSES.includes(r.status));
    const neverReceived: string[] = [];
    for (const row of open) if ((await providerSays(row)) === 'unknown') neverReceived.push(row.id);
    expect(neverReceived.length).toBeGreaterThanOrEqual(3);
    await query(
      `update purchases set created_at = created_at - interval '10 minutes',
         next_check_at = least(next_check_at, now()) where id = any($1)`,
      [neverReceived],
    );

    // a restart requeries at once whatever the dead process left behind
    await start(a);
    await expect.poll(() => openCount(userId), { timeout: 120_000, interval: 500 }).toBe(0);

    const rows = await purchasesOf(userId);
    expect(rows.map((r) => r.requestId).sort()).toEqual(storm.map((x) => x.requestId).sort());
    const byRequestId = new Map(rows.map((r) => [r.requestId, r]));
    for (const answer of [...answered, ...retries]) {
      expect(byRequestId.get(answer.requestId)?.id, answer.requestId).toBe(answer.purchase?.id);
    }
    for (const answer of answered.filter((x) => x.purchase?.status === 'delivered')) {
      expect(byRequestId.get(answer.requestId)?.status).toBe('delivered');
    }
    // our record agrees with the provider's: delivered where it sold, refunded only where it never sold
    const disagreements = (
      await Promise.all(rows.map(async (r) => ({ id: r.id, ours: r.status, theirs: await providerSays(r) })))
    ).filter(({ ours, theirs }) => ours !== theirs && !(ours === 'failed' && theirs === 'unknown'));
    expect(disagreements).toEqual([]);
    const statusOf = new Map(rows.map((r) => [r.providerRequestId, r.status]));
    expect(new Set(providerGate.withheld().map((id) => statusOf.get(id)))).toEqual(new Set(['delivered']));
    expect(new Set(providerGate.held().map((id) => statusOf.get(id)))).toEqual(new Set(['failed']));
    expect(
      rows
        .filter((r) => r.status === 'failed')
        .map((r) => r.id)
        .sort(),
    ).toEqual(neverReceived.sort());
    const delivered = rows.filter((r) => r.status === 'delivered').length;
    expect(await walletOf(userId)).toBe(3_000_000 - delivered * PRICE_KOBO);
    expect(await ledgerMismatches(query, userId)).toEqual([]);
    await expectLedgerVerifies();
  }, 180_000);
});
