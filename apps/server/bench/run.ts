// `npm run bench`: measurements, not pass/fail tests. Prints what it measured on this machine.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync, spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { testConfig } from '../test/helpers/config.ts';
import { freePort } from '../test/helpers/net.ts';
import { kobo } from '@quickvend/shared/money';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';

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

// plain node:http with keep-alive: a light client, so the machine's two cores go to the server, as pgbench's do
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: workerData.clients });
function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
(async () => {
  const { url, key, clients, seconds } = workerData;
  const latencies = [];
  let failures = 0;
  let counter = 0;
  const stopAt = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async (_, client) => {
    while (performance.now() < stopAt) {
      const started = performance.now();
      const response = await post(
        url,
        { authorization: 'Bearer ' + key, 'content-type': 'application/json' },
        JSON.stringify({ requestId: 'bench-' + client + '-' + counter++, serviceId: 'mtn', phone: '08011111111', amount: '100' }),
      );
      if (response.status !== 201 || !response.body.purchase || response.body.purchase.status !== 'delivered') failures++;
      latencies.push(performance.now() - started);
    }
  }));
  agent.destroy();
  parentPort.postMessage({ latencies, failures });
})();
`;

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

/**
 * Airtime purchases through the partner HTTP API against the local provider simulator on PostgreSQL, 10 clients,
 * beside pgbench's TPC-B on the same server in the same run.
 */
async function purchaseThroughput(databaseUrl: string): Promise<void> {
  const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
  const clients = 10;
  const name = `qv_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const backend = (await admin.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
  const postmaster = cpuSecondsOf(backend) === null ? 0 : parentOf(backend);
  const postgresCpu = () => (postmaster ? postgresCpuSeconds(postmaster) : null);
  await admin.query(`create database ${name}`);
  await admin.query(`create database ${name}_tpcb`);
  const url = (db: string) => Object.assign(new URL(databaseUrl), { pathname: `/${db}` }).toString();
  try {
    const database = await openDatabase({ databaseUrl: url(name), dataDir: '' });
    await database.migrate();
    const port = await freePort();
    const selfUrl = `http://127.0.0.1:${port}`;
    const providerPort = await freePort();
    const provider = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'apps/server/bench/vtpass-simulator-server.ts'),
        String(providerPort),
        `${selfUrl}/webhooks/vtpass`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((resolve) => provider.stdout.once('data', resolve));
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
    const user = await container.auth.createUser({
      name: 'Bench Partner',
      email: 'bench@example.com',
      password: 'bench password',
    });
    await container.ledger.adjustWallet({
      userId: user.id,
      direction: 'credit',
      amountKobo: kobo(1_000_000_000),
      reason: 'bench',
      actor: 'bench',
    });
    const { key } = await container.partners.issueKey(user, { name: 'bench' });
    const buyOnce = async (requestId: string) => {
      const response = await fetch(`${selfUrl}/api/v1/purchases`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requestId, serviceId: 'mtn', phone: '08011111111', amount: '100' }),
      });
      const body = (await response.json()) as { purchase?: { status: string } };
      if (response.status !== 201 || body.purchase?.status !== 'delivered')
        throw new Error(`purchase not delivered: ${response.status}`);
    };
    for (let i = 0; i < 20; i++) await buyOnce(`warmup-${i}`);

    const cpuBefore = process.cpuUsage();
    const providerCpuBefore = cpuSecondsOf(provider.pid ?? 0);
    const postgresCpuBefore = postgresCpu();
    // the load comes from another thread (another core), so it does not steal the server's event loop
    const { latencies, failures } = await new Promise<{ latencies: number[]; failures: number }>(
      (resolve, reject) => {
        const worker = new Worker(LOAD_GENERATOR, {
          eval: true,
          workerData: { url: `${selfUrl}/api/v1/purchases`, key, clients, seconds },
        });
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    const cpu = process.cpuUsage(cpuBefore);
    const providerCpuAfter = cpuSecondsOf(provider.pid ?? 0);
    const postgresCpuAfter = postgresCpu();
    if (failures > 0) throw new Error(`${failures} purchases were not delivered`);
    const elapsed = seconds;
    latencies.sort((a, b) => a - b);
    const perSecond = latencies.length / elapsed;
    const problems = [...(await container.ledger.verify()).problems, ...(await container.purchases.verify())];
    await app.close();
    await database.close();
    provider.kill();

    execFileSync('pgbench', ['-i', '-s', '1', '-q', url(`${name}_tpcb`)], { stdio: 'ignore' });
    const postgresCpuBeforeTpcb = postgresCpu();
    const output = execFileSync(
      'pgbench',
      ['-c', String(clients), '-j', '2', '-T', String(seconds), url(`${name}_tpcb`)],
      {
        encoding: 'utf8',
      },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 'NaN');
    const transactions = Number(
      /number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? 'NaN',
    );
    const postgresCpuAfterTpcb = postgresCpu();
    const ratio = perSecond / tps;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `airtime purchases over HTTP on PostgreSQL, ${clients} clients for ${seconds} s: ${latencies.length} delivered`,
    );
    console.log(`  ${perSecond.toFixed(0)} purchases/s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    console.log(
      `  CPU of this process (server and load generator) per purchase: ${((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(2)} ms (${(cpu.system / 1000 / latencies.length).toFixed(2)} ms in the kernel)`,
    );
    const perPurchase = (before: number | null, after: number | null) =>
      before === null || after === null
        ? 'not measured'
        : `${(((after - before) * 1000) / latencies.length).toFixed(2)} ms`;
    console.log(
      `  CPU per purchase elsewhere: provider simulator ${perPurchase(providerCpuBefore, providerCpuAfter)}, PostgreSQL ${perPurchase(postgresCpuBefore, postgresCpuAfter)}`,
    );
    console.log(
      `  pgbench TPC-B on the same server: ${tps.toFixed(0)} tps; ratio ${ratio.toFixed(2)} (target >= 0.5)`,
    );
    if (postgresCpuBeforeTpcb !== null && postgresCpuAfterTpcb !== null) {
      console.log(
        `  CPU per TPC-B transaction in PostgreSQL: ${(((postgresCpuAfterTpcb - postgresCpuBeforeTpcb) * 1000) / transactions).toFixed(2)} ms`,
      );
    }
    console.log(
      `  p99 target < 50 ms: ${p99 < 50 ? 'met' : 'NOT met'}; ratio target: ${ratio >= 0.5 ? 'met' : 'NOT met'}`,
    );
    console.log(`  ledger:verify after the run: ${problems.length === 0 ? 'ok' : problems.join('; ')}`);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`drop database if exists ${name}_tpcb with (force)`);
    await admin.end();
  }
}

landingPayload();
await authLatency();
const benchDatabaseUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
if (benchDatabaseUrl) await purchaseThroughput(benchDatabaseUrl);
else
  console.log(
    'purchase benchmark: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server that has pgbench)',
  );
