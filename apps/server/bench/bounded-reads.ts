// `npm run bench` (BENCH_ONLY=bounded for this part alone): what a long history costs the customer who has it and
// everyone else, on PostgreSQL. Measurements, not pass/fail tests.
import http from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { kobo } from '@quickvend/shared/money';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { testConfig } from '../test/helpers/config.ts';
import { seedFailedPurchases } from '../test/helpers/bulk-history.ts';
import { freePort } from '../test/helpers/net.ts';

export type TargetLine = { name: string; figure: string; target: string; met: boolean | null };

/** the targets, by name, for a run without PostgreSQL */
export const BOUNDED_READS_TARGETS = [
  ['export of a customer with 25000 purchases: time', '≤ 2 s'],
  ['export of a customer with 25000 purchases: memory (peak heap rise)', '≤ 50 MB'],
  ['statement page at 50000 lines (p95)', '≤ 20 ms'],
] as const;

/** purchases of the customer whose data is exported: 24,000 failed ones took the attacker 3.5 minutes */
const PURCHASES = 25_000;
/** one account may export 3 times an hour: four accounts, twelve exports at once, as the attack */
const HEAVY_ACCOUNTS = 4;
const STATEMENT_ROUNDS = 50;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

type Customer = { userId: string; cookie: string };

async function customer(built: BuiltApp, label: string, purchases: number): Promise<Customer> {
  const { app, container } = built;
  const email = `${label}@example.com`;
  const headers = { 'content-type': 'application/json' };
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    headers,
    payload: { name: 'Bench Customer', email, password: 'bench password' },
  });
  const userId = signUp.json<{ user: { id: string } }>().user.id;
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    headers,
    payload: { email, password: 'bench password' },
  });
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  await container.ledger.adjustWallet({
    userId,
    direction: 'credit',
    amountKobo: kobo(1_000_000),
    reason: 'bench',
    actor: 'bench',
  });
  if (purchases > 0) await seedFailedPurchases(container.db, userId, { count: purchases });
  return { userId, cookie };
}

/** GET over a real connection, the body counted and dropped as it comes; resolves when it has all come. */
function get(url: string, cookie: string, onChunk?: () => void) {
  return new Promise<{ status: number; bytes: number; ms: number; complete: boolean }>((resolve, reject) => {
    const startedAt = performance.now();
    http
      .get(url, { headers: { cookie }, agent: false }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          onChunk?.();
        });
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            ms: performance.now() - startedAt,
            complete: response.complete,
          });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** One export, alone: its time, size, and how far the process's heap and RSS rose above a collected baseline. */
async function oneExport(base: string, heavy: Customer) {
  collectGarbage();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sample = () => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  };
  const sampler = setInterval(sample, 5);
  const result = await get(`${base}/api/v1/profile/export`, heavy.cookie, sample);
  clearInterval(sampler);
  sample();
  collectGarbage();
  const retained = process.memoryUsage().heapUsed - before.heapUsed;
  return { ...result, heapRise: peakHeap - before.heapUsed, rssRise: peakRss - before.rss, retained };
}

async function statementPages(built: BuiltApp, heavy: Customer) {
  const page = async (query: string) => {
    const times: number[] = [];
    for (let i = 0; i < STATEMENT_ROUNDS; i++) {
      const startedAt = performance.now();
      const response = await built.app.inject({
        url: `/api/v1/wallet/statement${query}`,
        headers: { cookie: heavy.cookie },
      });
      times.push(performance.now() - startedAt);
      if (response.statusCode !== 200) throw new Error(`statement page: ${response.statusCode}`);
    }
    return times;
  };
  const first = await page('?limit=20');
  // the oldest page: a cursor just past the customer's 41st line
  const [oldest] = await queryRows<{ id: string }>(
    built.container.db,
    sql`select l.id::text as id from ledger_lines l join ledger_accounts a on a.id = l.account_id
      where a.owner_user_id = ${heavy.userId} order by l.id offset 40 limit 1`,
  );
  const deep = await page(`?limit=20&cursor=${oldest?.id ?? '1'}`);
  return { first, deep };
}

/** A light customer's balance, one request after another, for as long as `during` runs. */
async function balanceLatency(base: string, light: Customer, during: () => Promise<unknown>) {
  const times: number[] = [];
  const state = { isDone: false };
  const loop = (async () => {
    while (!state.isDone) times.push((await get(`${base}/api/v1/balance`, light.cookie)).ms);
  })();
  await during();
  state.isDone = true;
  await loop;
  return times;
}

export async function boundedReadsOnPostgres(databaseUrl: string): Promise<TargetLine[]> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const name = `qv_bench_reads_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  const url = Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString();
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  let built: BuiltApp | undefined;
  try {
    await database.migrate();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    built = await buildApp({
      config: testConfig,
      database,
      logger: false,
      selfUrl: base,
      rateLimits: { signIn: 1e6, signUp: 1e6, passwordReset: 1e6, windowMs: 60_000 },
    });
    await built.app.listen({ port, host: '127.0.0.1' });
    const seedStarted = performance.now();
    const heavy: Customer[] = [];
    for (let i = 0; i < HEAVY_ACCOUNTS; i++) heavy.push(await customer(built, `heavy${i}`, PURCHASES));
    const light = await customer(built, 'light', 0);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const [first, ...others] = heavy;
    if (!first) throw new Error('no heavy customer');
    console.log(
      `bounded reads on PostgreSQL (${HEAVY_ACCOUNTS} customers with ${PURCHASES} failed purchases each: ` +
        `${PURCHASES * 2 + 1} wallet lines, ${PURCHASES} notices; seeded in ${seedSeconds.toFixed(1)} s):`,
    );

    const exported = await oneExport(base, first);
    if (exported.status !== 200 || !exported.complete) throw new Error(`export: ${exported.status}`);
    console.log(
      `  export of ${PURCHASES} purchases: ${(exported.ms / 1000).toFixed(2)} s, ${mb(exported.bytes)} sent; ` +
        `heap rose ${mb(exported.heapRise)} at most (${mb(exported.retained)} kept after), RSS ${mb(exported.rssRise)}`,
    );

    const { first: firstPage, deep } = await statementPages(built, first);
    const statementP95 = Math.max(percentile(firstPage, 95), percentile(deep, 95));
    console.log(
      `  statement page at ${PURCHASES * 2 + 1} lines, ${STATEMENT_ROUNDS} each: newest p50 ${median(firstPage).toFixed(1)} ms, ` +
        `p95 ${percentile(firstPage, 95).toFixed(1)} ms; oldest p50 ${median(deep).toFixed(1)} ms, p95 ${percentile(deep, 95).toFixed(1)} ms`,
    );

    const quiet = await balanceLatency(
      base,
      light,
      () => new Promise((resolve) => setTimeout(resolve, 2_000)),
    );
    // the first export above spent one of the first account's three
    const exports = [first, first, ...others.flatMap((each) => [each, each, each])];
    let slowest = 0;
    const loaded = await balanceLatency(base, light, async () => {
      const results = await Promise.all(
        exports.map((each) => get(`${base}/api/v1/profile/export`, each.cookie)),
      );
      slowest = Math.max(...results.map((result) => result.ms));
      const refused = results.filter((result) => result.status !== 200);
      if (refused.length > 0) throw new Error(`${refused.length} exports were refused`);
    });
    console.log(
      `  a light customer's balance: alone p50 ${median(quiet).toFixed(1)} ms, p99 ${percentile(quiet, 99).toFixed(1)} ms; ` +
        `while ${exports.length} exports run at once (the last done in ${(slowest / 1000).toFixed(1)} s) ` +
        `p50 ${median(loaded).toFixed(1)} ms, p99 ${percentile(loaded, 99).toFixed(1)} ms (${loaded.length} reads)`,
    );
    return [
      {
        name: `export of a customer with ${PURCHASES} purchases: time`,
        figure: `${(exported.ms / 1000).toFixed(2)} s`,
        target: '≤ 2 s',
        met: exported.ms <= 2_000,
      },
      {
        name: `export of a customer with ${PURCHASES} purchases: memory (peak heap rise)`,
        figure: `${mb(exported.heapRise)} (RSS ${mb(exported.rssRise)})`,
        target: '≤ 50 MB',
        met: exported.heapRise <= 50e6,
      },
      {
        name: `statement page at ${PURCHASES * 2} lines (p95)`,
        figure: `${statementP95.toFixed(1)} ms`,
        target: '≤ 20 ms',
        met: statementP95 <= 20,
      },
      {
        name: `balance read while ${exports.length} exports run (p99)`,
        figure: `${percentile(loaded, 99).toFixed(1)} ms (alone ${percentile(quiet, 99).toFixed(1)} ms)`,
        target: 'none set (was 500 ms against 5 ms)',
        met: null,
      },
    ];
  } finally {
    await built?.app.close();
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
