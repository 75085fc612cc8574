// `npm run bench`: measurements, not pass/fail tests. Prints what it measured on this machine.
import { execFile, execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { testConfig } from '../test/helpers/config.ts';
import { freePort } from '../test/helpers/net.ts';
import { kobo } from '@quickvend/shared/money';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { BOUNDED_READS_TARGETS, boundedReadsOnPostgres } from './bounded-reads.ts';
import type { LoadPlan, LoadResult } from './load-generator.ts';
import type { SamplerPlan, SamplerResult } from './lock-sampler.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function landingPayload(): void {
  const dist = path.join(root, 'apps/web/dist');
  // `/` is the landing rendered at build (landing.html); older builds served index.html there
  const indexFile = [path.join(dist, 'landing.html'), path.join(dist, 'index.html')].find((file) =>
    existsSync(file),
  );
  if (!indexFile) {
    console.log('landing page payload: skipped (run `npm run build` first)');
    return;
  }
  const html = readFileSync(indexFile, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
  let raw = html.length;
  let gzipped = gzipSync(html).length;
  for (const asset of assets) {
    const content = readFileSync(path.join(dist, asset));
    raw += content.length;
    gzipped += gzipSync(content).length;
  }
  console.log(
    `landing page payload (${path.basename(indexFile)} + ${assets.length} eager assets): ${(raw / 1024).toFixed(1)} KiB, ` +
      `${(gzipped / 1024).toFixed(1)} KiB gzipped`,
  );
}

async function authLatency(): Promise<void> {
  const startedAt = performance.now();
  const database = await openDatabase({ dataDir: '', inMemory: true });
  await database.migrate();
  console.log(`embedded database open + migrate: ${(performance.now() - startedAt).toFixed(0)} ms`);
  const { app } = await buildApp({
    config: testConfig,
    database,
    selfUrl: 'http://127.0.0.1:1',
    logger: false,
    rateLimits: { signIn: 1e6, signUp: 1e6, passwordReset: 1e6, windowMs: 60_000 },
  });
  const headers = { 'content-type': 'application/json' };
  const rounds = 20;
  const signUps: number[] = [];
  const signIns: number[] = [];
  const sessionReads: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const email = `bench${i}@example.com`;
    let t = performance.now();
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      headers,
      payload: { name: 'Bench', email, password: 'bench password' },
    });
    signUps.push(performance.now() - t);
    t = performance.now();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers,
      payload: { email, password: 'bench password' },
    });
    signIns.push(performance.now() - t);
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    t = performance.now();
    await app.inject({ url: '/api/v1/wallet', headers: { cookie } });
    sessionReads.push(performance.now() - t);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]?.toFixed(1);
  console.log(`sign-up, median of ${rounds}: ${median(signUps)} ms (Argon2id hashing included)`);
  console.log(`sign-in, median of ${rounds}: ${median(signIns)} ms`);
  console.log(`signed-in wallet read, median of ${rounds}: ${median(sessionReads)} ms`);
  console.log(`server memory after the run: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB RSS`);
  await app.close();
  await database.close();
}

const CLOCK_TICKS_PER_SECOND =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds a process has used (with its reaped children when asked), from /proc; null where unreadable. */
function cpuSecondsOf(pid: number, withReapedChildren = false): number | null {
  try {
    // the fields after the command name, which may itself hold spaces and brackets
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.split(' ') ?? [];
    const ticks = (index: number) => Number(fields[index - 3] ?? 0);
    const own = ticks(14) + ticks(15);
    return (withReapedChildren ? own + ticks(16) + ticks(17) : own) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

const parentOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.split(' ')[1] ?? 0);

/**
 * CPU seconds used by a PostgreSQL server on this machine: the postmaster with the backends it has reaped,
 * plus its live children. null when the server is elsewhere.
 */
function postgresCpuSeconds(postmaster: number): number | null {
  const total = cpuSecondsOf(postmaster, true);
  if (total === null) return null;
  let live = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === postmaster) continue;
    try {
      if (parentOf(pid) === postmaster) live += cpuSecondsOf(pid) ?? 0;
    } catch {
      // the process ended while we looked
    }
  }
  return total + live;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const ms = (seconds: number) => `${(seconds * 1000).toFixed(2)} ms`;

type TargetLine = { name: string; figure: string; target: string; met: boolean | null };
const targets: TargetLine[] = [];
const notMeasured = (name: string, target: string) =>
  targets.push({ name, figure: 'not measured (the reason is above)', target, met: null });

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/** A helper process of the bench (its CPU is not the server's), once it says it is ready for its plan. */
async function forkBench(file: string): Promise<ChildProcess> {
  const child = fork(path.join(benchDir, file), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await nextMessage(child);
  return child;
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => {
      reject(new Error(`a bench helper process exited early (${code})`));
    };
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}

async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const child = await forkBench('load-generator.ts');
  const result = nextMessage<LoadResult>(child);
  child.send(plan);
  return result;
}

type Postgres = {
  url: (database: string) => string;
  /** CPU seconds of the whole PostgreSQL server (background processes included); null when it is elsewhere */
  cpu: () => number | null;
};

type Phase<T> = {
  result: T;
  serverCpu: { total: number; kernel: number };
  postgresCpu: number | null;
  providerCpu: number | null;
  /** CPU seconds the rest of the machine used meanwhile: other sessions' work, which slows every figure */
  othersCpu: number | null;
  seconds: number;
  locks: SamplerResult;
};

/** CPU seconds the whole machine has spent busy since it started. */
function machineBusySeconds(): number | null {
  try {
    const fields =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Runs `work` with the lock sampler on `database`, measuring the CPU each process used meanwhile.
 * `clientCpu` says what the load's client used (given the CPU of this process's children reaped meanwhile).
 */
async function measured<T>(
  postgres: Postgres,
  database: string,
  providerPid: number | null,
  work: () => Promise<T>,
  clientCpu: (result: T, reapedChildren: number) => number,
): Promise<Phase<T>> {
  const sampler = await forkBench('lock-sampler.ts');
  const started = nextMessage<{ pid: number }>(sampler);
  sampler.send({ databaseUrl: postgres.url('postgres'), database, intervalMs: 10 } satisfies SamplerPlan);
  const samplerBackend = (await started).pid;
  const samplerBefore = cpuSecondsOf(samplerBackend);
  const machineBefore = machineBusySeconds();
  const childrenBefore = (cpuSecondsOf(process.pid, true) ?? 0) - (cpuSecondsOf(process.pid) ?? 0);
  const serverBefore = process.cpuUsage();
  const postgresBefore = postgres.cpu();
  const providerBefore = providerPid === null ? null : cpuSecondsOf(providerPid);
  const startedAt = performance.now();
  const result = await work();
  const seconds = (performance.now() - startedAt) / 1000;
  const server = process.cpuUsage(serverBefore);
  const postgresAfter = postgres.cpu();
  const providerAfter = providerPid === null ? null : cpuSecondsOf(providerPid);
  const samplerAfter = cpuSecondsOf(samplerBackend);
  const childrenAfter = (cpuSecondsOf(process.pid, true) ?? 0) - (cpuSecondsOf(process.pid) ?? 0);
  const machineAfter = machineBusySeconds();
  const stopped = nextMessage<SamplerResult>(sampler);
  sampler.send('stop');
  const locks = await stopped;
  const difference = (before: number | null, after: number | null) =>
    before === null || after === null ? null : after - before;
  const serverCpu = (server.user + server.system) / 1e6;
  const samplerCpu = difference(samplerBefore, samplerAfter) ?? 0;
  const postgresCpu = difference(postgresBefore, postgresAfter);
  const providerCpu = difference(providerBefore, providerAfter);
  const machine = difference(machineBefore, machineAfter);
  return {
    result,
    serverCpu: { total: serverCpu, kernel: server.system / 1e6 },
    // the sampler's own backend is the bench's cost, not the workload's
    postgresCpu: postgresCpu === null ? null : postgresCpu - samplerCpu,
    providerCpu,
    othersCpu:
      machine === null || postgresCpu === null
        ? null
        : machine -
          serverCpu -
          postgresCpu -
          (providerCpu ?? 0) -
          locks.cpuSeconds -
          clientCpu(result, childrenAfter - childrenBefore),
    seconds,
    locks,
  };
}

function describeLocks(locks: SamplerResult, purchases: number): string {
  const top = Object.entries(locks.byStatement)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 3)
    .map(([what, seconds]) => `\n      ${ms(seconds / purchases)} ${what}`)
    .join('');
  return `lock wait ${ms(locks.lockWaitSeconds / purchases)} per purchase (${locks.samples} samples)${top}`;
}

/** Says when other work shared the machine or the database during a phase: its figures are then worse. */
function warnIfShared(phase: Phase<unknown>): void {
  const { locks, othersCpu, seconds } = phase;
  if (locks.elsewhereShare > 0.02)
    console.log(
      `    note: another database was at work in ${(locks.elsewhereShare * 100).toFixed(0)}% of the samples; ` +
        'the PostgreSQL CPU figures include that work',
    );
  if (othersCpu !== null && othersCpu / seconds > 0.1)
    console.log(
      `    note: other processes on this machine used ${((othersCpu / seconds) * 100).toFixed(0)}% of a core meanwhile`,
    );
}

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

function postgresSkipped(reason: string): void {
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
async function purchasesOnPostgres(databaseUrl: string): Promise<void> {
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

const COMPILED_SERVER = 'apps/server/dist/main.js';

/**
 * What `npm start` runs, without its build steps: the compiled server (built first when its sources are newer,
 * as start.mjs does, and not timed), or main.ts through tsx where there is no server build.
 */
function serverCommand(): { args: string[]; label: string; compiled: boolean } {
  const buildScript = path.join(root, 'scripts/build-server.mjs');
  if (existsSync(buildScript)) {
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `await (await import(${JSON.stringify(buildScript)})).buildServerIfStale()`,
      ],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    return { args: [path.join(root, COMPILED_SERVER)], label: COMPILED_SERVER, compiled: true };
  }
  return {
    args: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    label: 'apps/server/src/main.ts through tsx (no server build script)',
    compiled: false,
  };
}

/** The processes a process started that are still running (from each of its threads' children lists). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((thread) =>
      readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** VmRSS and VmHWM (peak) in bytes, summed over a process and its descendants. */
function memoryOfTree(pid: number): { rss: number; peak: number } {
  let rss = 0;
  let peak = 0;
  const pending = [pid];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    pending.push(...childrenOf(next));
    try {
      const status = readFileSync(`/proc/${next}/status`, 'utf8');
      const kib = (field: string) =>
        Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
      rss += kib('VmRSS') * 1024;
      peak += kib('VmHWM') * 1024;
    } catch {
      // ended
    }
  }
  return { rss, peak };
}

function httpStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', () => {
        resolve(0);
      });
  });
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

type Started = {
  child: ChildProcess;
  readySeconds: number;
  output: () => string;
  /**
   * The tree's peak so far, a short-lived child's included (the embedded database's first initdb runs in one):
   * `together`, the highest RSS of its processes at one time, sampled every 50 ms (may miss a briefer spike);
   * `bound`, the highest sum of their own peaks (VmHWM), never lower than the truth, higher when they peaked
   * at different times.
   */
  peak: () => { together: number; bound: number };
};

/** Starts the server on the embedded database in `dataDir`; resolves once /readyz answers 200. */
async function startEmbedded(args: string[], dataDir: string, port: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'BENCH_DATABASE_URL', 'ROLE', 'APP_URL'])
    Reflect.deleteProperty(env, name);
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const peak = { together: 0, bound: 0 };
  const sample = () => {
    const memory = memoryOfTree(child.pid ?? 0);
    peak.together = Math.max(peak.together, memory.rss);
    peak.bound = Math.max(peak.bound, memory.peak);
    return { ...peak };
  };
  const watchPeak = setInterval(sample, 50);
  child.once('exit', () => {
    clearInterval(watchPeak);
  });
  const deadline = startedAt + 120_000;
  while ((await httpStatus(`http://127.0.0.1:${port}/readyz`)) !== 200) {
    if (child.exitCode !== null || performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output}`);
    }
    await sleep(20);
  }
  return {
    child,
    readySeconds: (performance.now() - startedAt) / 1000,
    output: () => output,
    peak: sample,
  };
}

async function stopEmbedded({ child }: Started): Promise<number> {
  const startedAt = performance.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return (performance.now() - startedAt) / 1000;
}

/**
 * Idle RSS is read twice: soon after ready, and once settled. Start-up (module loading, migrations) grows V8's
 * young generation to its 32 MB, and V8 gives that back only when its memory reducer sees the allocation rate
 * drop, ~10–15 s after the last work (measured: 301 MB at 5 and 10 s, 213–216 MB from 15 s to a minute on).
 */
const EARLY_IDLE_SECONDS = 5;
const SETTLED_IDLE_SECONDS = 30;

async function idleMemory(started: Started) {
  await sleep(EARLY_IDLE_SECONDS * 1000);
  const early = memoryOfTree(started.child.pid ?? 0).rss;
  await sleep((SETTLED_IDLE_SECONDS - EARLY_IDLE_SECONDS) * 1000);
  return { early, settled: memoryOfTree(started.child.pid ?? 0).rss, peak: started.peak() };
}

/**
 * The embedded default as `npm start` runs it with no DATABASE_URL, in its own process on a fresh data dir:
 * the first start, then a restart on the data it left.
 */
async function embeddedDefault(): Promise<void> {
  const { args, label, compiled } = serverCommand();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qv-bench-data-'));
  try {
    const port = await freePort();
    const first = await startEmbedded(args, dataDir, port);
    const firstMemory = await idleMemory(first);
    const firstStop = await stopEmbedded(first);
    const again = await startEmbedded(args, dataDir, port);
    const memory = await idleMemory(again);
    await stopEmbedded(again);
    const idle = (each: { early: number; settled: number }) =>
      `RSS ${megabytes(each.early)} ${EARLY_IDLE_SECONDS} s after ready, ${megabytes(each.settled)} at ${SETTLED_IDLE_SECONDS} s`;
    console.log(`embedded default (no DATABASE_URL), server process: ${label}`);
    console.log(
      `  first start: ready in ${first.readySeconds.toFixed(2)} s; ${idle(firstMemory)}, ` +
        `peak ${megabytes(firstMemory.peak.together)} (its processes' own peaks summed: ${megabytes(firstMemory.peak.bound)}); ` +
        `stopped in ${firstStop.toFixed(2)} s`,
    );
    console.log(
      `  restart on its data: ready in ${again.readySeconds.toFixed(2)} s; ${idle(memory)}, ` +
        `peak ${megabytes(memory.peak.together)}`,
    );
    const startScript = readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8');
    targets.push(
      {
        name: 'npm start runs compiled JavaScript',
        figure: compiled ? label : 'no: TypeScript through tsx',
        target: 'compiled',
        met: compiled && !startScript.includes('tsx'),
      },
      {
        // both are figures a server lives with: after its first start, and after any later one
        name: `embedded idle RSS ${SETTLED_IDLE_SECONDS} s after ready (first start, restart)`,
        figure: `${megabytes(firstMemory.settled)}, ${megabytes(memory.settled)}`,
        target: '≤ 300 MB',
        met: Math.max(firstMemory.settled, memory.settled) <= 300e6,
      },
      {
        name: 'embedded first-start peak RSS',
        figure: megabytes(firstMemory.peak.together),
        target: '≤ 600 MB',
        met: firstMemory.peak.together <= 600e6,
      },
      {
        name: 'embedded restart to healthy (existing data)',
        figure: `${again.readySeconds.toFixed(2)} s`,
        target: '≤ 2 s',
        met: again.readySeconds <= 2,
      },
      {
        name: 'embedded first start to healthy',
        figure: `${first.readySeconds.toFixed(2)} s`,
        target: '≤ 10 s',
        met: first.readySeconds <= 10,
      },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * What `npm install` warns of as EBADENGINE: installed packages whose `engines.node` this Node does not satisfy,
 * read with the same semver rules npm uses.
 */
function engineWarnings(): void {
  const { satisfies } = createRequire(import.meta.url)('semver') as {
    satisfies: (version: string, range: string) => boolean;
  };
  const refused: string[] = [];
  const visit = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const name of readdirSync(modules)) {
      if (name.startsWith('.')) continue;
      const folders = name.startsWith('@')
        ? readdirSync(path.join(modules, name)).map((inner) => path.join(modules, name, inner))
        : [path.join(modules, name)];
      for (const folder of folders) {
        const manifest = path.join(folder, 'package.json');
        if (existsSync(manifest)) {
          const {
            name: pkg,
            version,
            engines,
          } = JSON.parse(readFileSync(manifest, 'utf8')) as {
            name?: string;
            version?: string;
            engines?: { node?: string };
          };
          if (typeof engines?.node === 'string' && !satisfies(process.version, engines.node))
            refused.push(`${pkg ?? folder}@${version ?? '?'} (node ${engines.node})`);
        }
        visit(path.join(folder, 'node_modules'));
      }
    }
  };
  visit(path.join(root, 'node_modules'));
  for (const workspace of ['apps/server', 'apps/web', 'packages/shared'])
    visit(path.join(root, workspace, 'node_modules'));
  if (refused.length > 0)
    console.log(`packages asking for another Node than ${process.version}: ${refused.join(', ')}`);
  targets.push({
    name: `npm install on Node ${process.version}: engine warnings`,
    figure: String(refused.length),
    target: '0',
    met: refused.length === 0,
  });
}

function printTargets(): void {
  console.log('\nserver targets (figure, target):');
  const width = Math.max(...targets.map((line) => line.name.length));
  for (const { name, figure, target, met } of targets) {
    const mark = met === null ? '–' : met ? '✓' : '✗';
    console.log(`  ${mark} ${name.padEnd(width)}  ${figure}  (target ${target})`);
  }
}

// BENCH_ONLY=postgres, BENCH_ONLY=bounded or BENCH_ONLY=embedded runs one part, to compare a change quickly
const only = process.env['BENCH_ONLY'];
if (!only) {
  landingPayload();
  engineWarnings();
}
const benchDatabaseUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
if (only === 'embedded' || only === 'bounded')
  console.log(`purchase benchmarks on PostgreSQL: not run (BENCH_ONLY=${only})`);
else if (benchDatabaseUrl) await purchasesOnPostgres(benchDatabaseUrl);
else postgresSkipped('set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server on this machine');
if (!only || only === 'bounded') {
  if (benchDatabaseUrl) targets.push(...(await boundedReadsOnPostgres(benchDatabaseUrl)));
  else {
    for (const [name, target] of BOUNDED_READS_TARGETS) notMeasured(name, target);
    console.log('bounded reads on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
}
if (only !== 'postgres' && only !== 'bounded') await embeddedDefault();
if (!only) await authLatency();
printTargets();
