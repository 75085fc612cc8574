import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { testConfig } from '../test/helpers/config.ts';
import { freePort } from '../test/helpers/net.ts';
import { kobo } from '@quickvend/shared/money';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import type { LoadResult } from './load-generator.ts';
import {
  cpuSecondsOf,
  ms,
  notMeasured,
  parentOf,
  percentile,
  postgresCpuSeconds,
  targets,
} from './measure.ts';
import { benchDir, describeLocks, measured, type Postgres, runLoad, warnIfShared } from './phases.ts';

function findPgbench(): string | null {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
    return 'pgbench';
  } catch {
    const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
    const found = versions
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => `/usr/lib/postgresql/${version}/bin/pgbench`)
      .find((file) => existsSync(file));
    return found ?? null;
  }
}

const run = promisify(execFile);

const CUSTOMERS = 10;
const CLOSED_LOOP_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const OPEN_LOOP = { rate: 100, seconds: Number(process.env['BENCH_OPEN_SECONDS'] ?? 30) };
// scale at least the number of clients, as pgbench's documentation asks, or TPC-B measures the wait on one
// branch row rather than the work
const TPCB_SCALE = 10;

const RATIO_TARGETS = {
  server: { name: 'server CPU per purchase ÷ PostgreSQL CPU per TPC-B transaction', limit: 1.5 },
  postgres: { name: 'PostgreSQL CPU per purchase ÷ per TPC-B transaction', limit: 2 },
};
// customers never wait on one another's locks: zero, with room for a stray sample (one is 10 ms over thousands)
const LOCK_TARGET = { name: 'lock wait per purchase (one customer per client)', limit: 0.1 };
const OPEN_LOOP_TARGET = {
  name: `open-loop p99 at ${OPEN_LOOP.rate} purchases/s for ${OPEN_LOOP.seconds} s`,
  limit: 50,
};

export function postgresSkipped(reason: string): void {
  for (const { name, limit } of Object.values(RATIO_TARGETS)) notMeasured(name, `≤ ${limit}×`);
  notMeasured(LOCK_TARGET.name, `≤ ${LOCK_TARGET.limit} ms`);
  notMeasured(OPEN_LOOP_TARGET.name, `≤ ${OPEN_LOOP_TARGET.limit} ms`);
  console.log(`purchase benchmarks on PostgreSQL: skipped (${reason})`);
}

/**
 * Airtime purchases through the partner HTTP API on PostgreSQL against the provider simulator in its own
 * process, by ten customers (one per client, so any lock wait is between customers): a closed loop at
 * saturation for the CPU per purchase and the lock wait, an open loop at a steady rate for the latency; then
 * pgbench's TPC-B on the same server, whose CPU per transaction is the yardstick the ratios use.
 */
export async function purchasesOnPostgres(databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  try {
    await admin.connect();
  } catch (error) {
    postgresSkipped(`PostgreSQL at ${new URL(databaseUrl).host} is not reachable: ${String(error)}`);
    return;
  }
  const url = (db: string) => Object.assign(new URL(databaseUrl), { pathname: `/${db}` }).toString();
  const backend = (await admin.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
  const postmaster = cpuSecondsOf(backend) === null ? 0 : parentOf(backend);
  const postgres: Postgres = { url, cpu: () => (postmaster ? postgresCpuSeconds(postmaster) : null) };
  const name = `qv_bench_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  await admin.query(`create database ${name}_tpcb`);
  let provider: ChildProcess | undefined;
  try {
    const database = await openDatabase({ databaseUrl: url(name), dataDir: '' });
    await database.migrate();
    const port = await freePort();
    const selfUrl = `http://127.0.0.1:${port}`;
    const providerPort = await freePort();
    provider = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(benchDir, 'vtpass-simulator-server.ts'),
        String(providerPort),
        `${selfUrl}/webhooks/vtpass`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const providerStdout = provider.stdout;
    if (providerStdout) await new Promise((resolve) => providerStdout.once('data', resolve));
    const { app, container } = await buildApp({
      config: {
        ...testConfig,
        vtpass: { ...testConfig.vtpass, baseUrl: `http://127.0.0.1:${providerPort}/api` },
      },
      database,
      logger: false,
      selfUrl,
      simulators: { duplicateWindowMs: 0 },
      rateLimits: { signIn: 1e6, signUp: 1e6, passwordReset: 1e6, windowMs: 60_000 },
      // each partner's closed loop asks faster than a real partner may; the count itself is still paid
      partnerRequestsPerSecond: 1e6,
    });
    await app.listen({ port, host: '127.0.0.1' });
    const keys: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const user = await container.auth.createUser({
        name: `Bench Partner ${i}`,
        email: `bench${i}@example.com`,
        password: 'bench password',
      });
      await container.ledger.adjustWallet({
        userId: user.id,
        direction: 'credit',
        amountKobo: kobo(1_000_000_000),
        reason: 'bench',
        actor: 'bench',
      });
      // partner access is turned on in the profile before a key can be made
      await database.db.execute(sql`update users set partner_access_at = now() where id = ${user.id}`);
      keys.push((await container.partners.issueKey(user, { name: 'bench' })).key);
    }
    const purchasesUrl = `${selfUrl}/api/v1/purchases`;
    const warmup = await runLoad({ mode: 'closed', url: purchasesUrl, keys, clients: CUSTOMERS, seconds: 2 });
    if (warmup.failures > 0) throw new Error(`warm-up purchases were not delivered: ${warmup.sample}`);

    const loadCpu = (load: LoadResult) => load.cpuSeconds;
    const closed = await measured(
      postgres,
      name,
      provider.pid ?? null,
      () =>
        runLoad({
          mode: 'closed',
          url: purchasesUrl,
          keys,
          clients: CUSTOMERS,
          seconds: CLOSED_LOOP_SECONDS,
        }),
      loadCpu,
    );
    const closedCount = closed.result.latencies.length;
    if (closed.result.failures > 0)
      throw new Error(`${closed.result.failures} purchases were not delivered: ${closed.result.sample}`);
    const open = await measured(
      postgres,
      name,
      provider.pid ?? null,
      () => runLoad({ mode: 'open', url: purchasesUrl, keys, ...OPEN_LOOP }),
      loadCpu,
    );
    const openCount = open.result.latencies.length;
    const problems = [...(await container.ledger.verify()).problems, ...(await container.purchases.verify())];
    await app.close();
    await database.close();

    const perPurchase = (seconds: number | null, count: number) =>
      seconds === null ? 'not measured' : ms(seconds / count);
    console.log(
      `purchases on PostgreSQL (partner API, airtime, ${CUSTOMERS} customers, provider simulator in its own process):`,
    );
    const closedSorted = closed.result.latencies.sort((a, b) => a - b);
    console.log(
      `  closed loop, ${CUSTOMERS} clients for ${CLOSED_LOOP_SECONDS} s: ${closedCount} delivered, ` +
        `${(closedCount / CLOSED_LOOP_SECONDS).toFixed(0)}/s, p50 ${percentile(closedSorted, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(closedSorted, 99).toFixed(1)} ms`,
    );
    console.log(
      `    CPU per purchase: server ${ms(closed.serverCpu.total / closedCount)} (${ms(closed.serverCpu.kernel / closedCount)} in the kernel), ` +
        `PostgreSQL ${perPurchase(closed.postgresCpu, closedCount)}, provider simulator ${perPurchase(closed.providerCpu, closedCount)}`,
    );
    console.log(`    ${describeLocks(closed.locks, closedCount)}`);
    warnIfShared(closed);
    const openSorted = open.result.latencies.sort((a, b) => a - b);
    const openP99 = percentile(openSorted, 99);
    console.log(
      `  open loop, ${OPEN_LOOP.rate} purchases/s for ${OPEN_LOOP.seconds} s (latency from each scheduled send): ` +
        `${openCount - open.result.failures} of ${openCount} delivered, p50 ${percentile(openSorted, 50).toFixed(1)} ms, ` +
        `p99 ${openP99.toFixed(1)} ms, max ${(openSorted.at(-1) ?? 0).toFixed(1)} ms`,
    );
    if (open.result.failures > 0) console.log(`    a failure: ${open.result.sample}`);
    const slowAt = open.result.slowAt.sort((a, b) => a - b);
    if (slowAt.length > 0)
      console.log(
        `    ${slowAt.length} took over 50 ms, due between ${(slowAt[0] ?? 0).toFixed(1)} s and ${(slowAt.at(-1) ?? 0).toFixed(1)} s`,
      );
    console.log(
      `    CPU per purchase: server ${ms(open.serverCpu.total / openCount)}, PostgreSQL ${perPurchase(open.postgresCpu, openCount)}; ` +
        describeLocks(open.locks, openCount),
    );
    warnIfShared(open);
    console.log(`  ledger:verify after the runs: ${problems.length === 0 ? 'ok' : problems.join('; ')}`);

    const lockWait = (closed.locks.lockWaitSeconds / closedCount) * 1000;
    targets.push({
      name: LOCK_TARGET.name,
      figure: `${lockWait.toFixed(2)} ms`,
      target: `≤ ${LOCK_TARGET.limit} ms`,
      met: lockWait <= LOCK_TARGET.limit,
    });
    targets.push({
      name: OPEN_LOOP_TARGET.name,
      figure: `${openP99.toFixed(1)} ms${open.result.failures > 0 ? ` (${open.result.failures} not delivered)` : ''}`,
      target: `≤ ${OPEN_LOOP_TARGET.limit} ms`,
      met: openP99 <= OPEN_LOOP_TARGET.limit && open.result.failures === 0,
    });

    const pgbench = findPgbench();
    if (pgbench === null) {
      console.log('  pgbench TPC-B: skipped (pgbench was not found)');
      for (const { name: target, limit } of Object.values(RATIO_TARGETS)) notMeasured(target, `≤ ${limit}×`);
      return;
    }
    await run(pgbench, ['-i', '-s', String(TPCB_SCALE), '-q', url(`${name}_tpcb`)]);
    const tpcb = await measured(
      postgres,
      `${name}_tpcb`,
      null,
      () =>
        run(pgbench, [
          '-c',
          String(CUSTOMERS),
          '-j',
          '2',
          '-T',
          String(CLOSED_LOOP_SECONDS),
          url(`${name}_tpcb`),
        ]),
      (_result, reapedChildren) => reapedChildren,
    );
    const tps = Number(/tps = ([\d.]+)/.exec(tpcb.result.stdout)?.[1] ?? 'NaN');
    const transactions = Number(
      /number of transactions actually processed: (\d+)/.exec(tpcb.result.stdout)?.[1] ?? 'NaN',
    );
    console.log(
      `  pgbench TPC-B (scale ${TPCB_SCALE}, ${CUSTOMERS} clients, ${CLOSED_LOOP_SECONDS} s) on the same server: ` +
        `${tps.toFixed(0)} tps, PostgreSQL CPU ${perPurchase(tpcb.postgresCpu, transactions)} per transaction`,
    );
    warnIfShared(tpcb);
    if (closed.postgresCpu === null || tpcb.postgresCpu === null) {
      console.log(
        '  CPU ratios: not measured (PostgreSQL runs on another machine: its CPU is not readable here)',
      );
      for (const { name: target, limit } of Object.values(RATIO_TARGETS)) notMeasured(target, `≤ ${limit}×`);
      return;
    }
    const perTransaction = tpcb.postgresCpu / transactions;
    const ratio = (perPurchase: number, { name: target, limit }: { name: string; limit: number }) => {
      const value = perPurchase / perTransaction;
      targets.push({
        name: target,
        figure: `${value.toFixed(2)}× (${ms(perPurchase)} ÷ ${ms(perTransaction)})`,
        target: `≤ ${limit}×`,
        met: value <= limit,
      });
    };
    ratio(closed.serverCpu.total / closedCount, RATIO_TARGETS.server);
    ratio(closed.postgresCpu / closedCount, RATIO_TARGETS.postgres);
  } finally {
    provider?.kill();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`drop database if exists ${name}_tpcb with (force)`);
    await admin.end();
  }
}
