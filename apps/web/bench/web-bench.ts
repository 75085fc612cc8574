// `npm run bench:web`: the web app's delivery targets, measured on this machine and printed beside
// each target. A measurement, not a test: it never fails on a missed target, it says so.
//
// It builds the web app when its sources changed, starts the real server on a fresh embedded database in
// sandbox mode, then measures with Debian's chromium: the JavaScript each page loads (Playwright), whether
// the landing's HTML has its content before any script, compression and caching (HTTP), and Lighthouse
// (mobile, simulated slow 4G and 4x slower CPU: its default) for the landing, the login page and the dashboard
// signed in, median of 3 runs. `BENCH_LIGHTHOUSE_RUNS=0` skips Lighthouse; `=1` is quicker;
// `BENCH_BOOT_PROFILE=1` adds a CPU profile of the dashboard's boot; `BENCH_LIGHTHOUSE_KEEP=<dir>` keeps each report there (LCP element, main-thread work, request chains).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = path.join(root, 'apps/web/dist');
const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const lighthouseRuns = Number(process.env['BENCH_LIGHTHOUSE_RUNS'] ?? 3);
const KB = 1024;

type Row = { what: string; target: string; measured: string; met: boolean | null };
const rows: Row[] = [];
const notes: string[] = [];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

function buildIfNeeded(): void {
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

async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
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

async function signUp(base: string): Promise<string> {
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
async function buyForReceipt(base: string, cookie: string): Promise<string> {
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

/** The size of a built file as gzip sends it: its `.gz` copy, or the file compressed now. */
function gzipSize(urlPath: string): number {
  const file = path.join(dist, urlPath);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

type ScriptUse = { beforeLoad: string[]; settled: string[] };

/** The scripts a fresh visit to `route` loads: before the page's load event, and by the time it settles. */
async function scriptsOf(browser: Browser, base: string, route: string, cookie?: string): Promise<ScriptUse> {
  // no service worker: its install would load the app's shell, which the page itself does not need
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 360, height: 740 },
  });
  if (cookie) {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: base };
      }),
    );
  }
  const page = await context.newPage();
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  // the page's own clock: when each script was asked for, against its load event
  const use = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const loadedAt = navigation?.loadEventStart ?? Infinity;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime }));
    return {
      beforeLoad: scripts.filter((script) => script.startTime < loadedAt).map((script) => script.path),
      settled: scripts.map((script) => script.path),
    };
  });
  await context.close();
  return use;
}

const total = (paths: string[]) => [...new Set(paths)].reduce((sum, script) => sum + gzipSize(script), 0);

async function measureScripts(base: string, cookie: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    const names = (list: string[]) =>
      [...new Set(list)].map((script) => `${path.basename(script)} ${kb(gzipSize(script))}`).join(', ');
    // the landing is painted from its HTML: what it loads before its load event is its initial JS, and React
    // comes after to make it live; the app's pages need everything they load to show anything
    const landing = await scriptsOf(browser, base, '/');
    const landingInitial = total(landing.beforeLoad);
    rows.push({
      what: 'initial JS for / (gzip, before the load event)',
      target: '≤ 30 KB',
      measured: kb(landingInitial),
      met: landingInitial <= 30 * KB,
    });
    rows.push({
      what: 'JS for / once live (gzip, after load)',
      target: '(no target of its own)',
      measured: kb(total(landing.settled)),
      met: null,
    });
    notes.push(
      'the landing paints from its HTML: its initial JS is what it asks for before its load event; a small script ' +
        'without React then fills the live prices and contacts and works the menu',
    );
    notes.push(`scripts of /: ${names(landing.settled)}`);
    for (const [route, targetKb, routeCookie] of [
      ['/login', 110, undefined],
      ['/dashboard', 100, cookie],
    ] as const) {
      const use = await scriptsOf(browser, base, route, routeCookie);
      const settled = total(use.settled);
      rows.push({
        what: `JS to show ${route} (gzip, all it loads)`,
        target: `≤ ${targetKb} KB`,
        measured: `${kb(settled)} (${kb(total(use.beforeLoad))} before the load event)`,
        met: settled <= targetKb * KB,
      });
      notes.push(`scripts of ${route}: ${names(use.settled)}`);
    }
  } finally {
    await browser.close();
  }
}

async function measureHttp(base: string): Promise<void> {
  const landing = await fetch(`${base}/`).then((response) => response.text());
  const inRoot = /<div id="root">([\s\S]*)<\/div>\s*<script|<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(
    landing,
  );
  const text = (inRoot?.[1] ?? inRoot?.[2] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const hasContent = /<h1/.test(inRoot?.[0] ?? '') && text.length > 500;
  rows.push({
    what: 'landing HTML has its content before any JS',
    target: 'yes, prices as placeholders',
    measured: hasContent
      ? `yes: ${text.length} characters of text, ${/₦/.test(text) ? 'WITH a price' : 'no price written in'}`
      : 'no',
    met: hasContent && !/₦/.test(text),
  });

  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(landing)?.[1] ?? '';
  const probes: [string, string][] = [
    ['/ (HTML)', '/'],
    ['/dashboard (HTML)', '/dashboard'],
    ['a hashed script', asset],
    ['a JSON answer (/api/v1/services)', '/api/v1/services'],
  ];
  const encodings: string[] = [];
  let allCompressed = true;
  for (const [label, url] of probes) {
    const response = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    const encoding = response.headers.get('content-encoding') ?? 'none';
    allCompressed &&= encoding === 'br' || encoding === 'gzip';
    encodings.push(`${label}: ${encoding}`);
  }
  rows.push({
    what: 'JS/CSS/HTML/JSON compressed',
    target: 'brotli or gzip',
    measured: encodings.join('; '),
    met: allCompressed,
  });
  const cacheOf = async (url: string) =>
    (await fetch(`${base}${url}`)).headers.get('cache-control') ?? 'none';
  const assetCache = await cacheOf(asset);
  const pageCache = await cacheOf('/');
  const fallbackCache = await cacheOf('/transactions');
  rows.push({
    what: 'hashed assets cached immutably, pages revalidated',
    target: 'immutable / no-cache',
    measured: `asset: ${assetCache}; /: ${pageCache}; /transactions: ${fallbackCache}`,
    met: assetCache.includes('immutable') && pageCache === 'no-cache' && fallbackCache === 'no-cache',
  });
}

type LighthouseResult = {
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  performance: number;
};

function lighthouseOnce(url: string, headersFile: string | null): LighthouseResult | string {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'qv-lh-')), 'report.json');
  const args = [
    url,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ...(headersFile ? [`--extra-headers=${headersFile}`] : []),
  ];
  const run = spawnSync(path.join(root, 'node_modules/.bin/lighthouse'), args, {
    cwd: root,
    env: { ...process.env, CHROME_PATH: chromiumPath },
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (run.status !== 0 || !existsSync(out)) return (run.stderr || run.error?.message || 'no report').trim();
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    runtimeError?: { message: string };
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const keepIn = process.env['BENCH_LIGHTHOUSE_KEEP'];
  if (keepIn) {
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
    writeFileSync(path.join(keepIn, `${name}-${Date.now()}.json`), readFileSync(out));
  }
  rmSync(path.dirname(out), { recursive: true, force: true });
  if (report.runtimeError) return report.runtimeError.message;
  return {
    lcp: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: report.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    accessibility: Math.round((report.categories['accessibility']?.score ?? NaN) * 100),
    performance: Math.round((report.categories['performance']?.score ?? NaN) * 100),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

function measureLighthouse(base: string, cookie: string, receipt: string): void {
  if (lighthouseRuns < 1) {
    notes.push('Lighthouse skipped (BENCH_LIGHTHOUSE_RUNS=0)');
    return;
  }
  const headersFile = path.join(mkdtempSync(path.join(tmpdir(), 'qv-lh-headers-')), 'headers.json');
  writeFileSync(headersFile, JSON.stringify({ Cookie: cookie }));
  // [route, cookie, LCP target (0: none), TBT target]
  const routes: [string, string | null, number, number][] = [
    ['/', null, 1500, 150],
    ['/login', null, 0, 150],
    ['/dashboard', headersFile, 2000, 200],
    ['/airtime', headersFile, 2500, 250],
    [receipt, headersFile, 2500, 250],
  ];
  for (const [route, headers, lcpTarget, tbtTarget] of routes) {
    const results: LighthouseResult[] = [];
    for (let run = 0; run < lighthouseRuns; run++) {
      // Lighthouse now and then loses its trace (NO_NAVSTART): such a run is made again, twice at most
      let result = lighthouseOnce(`${base}${route}`, headers);
      for (let retry = 0; retry < 2 && typeof result === 'string'; retry++) {
        result = lighthouseOnce(`${base}${route}`, headers);
      }
      if (typeof result === 'string') {
        rows.push({
          what: `Lighthouse ${route}`,
          target: '-',
          measured: `could not run: ${result}`,
          met: null,
        });
        notes.push('Lighthouse could not run here; the other figures stand.');
        return;
      }
      results.push(result);
    }
    const lcp = median(results.map((result) => result.lcp));
    const tbt = median(results.map((result) => result.tbt));
    const cls = median(results.map((result) => result.cls));
    const accessibility = median(results.map((result) => result.accessibility));
    const performance = median(results.map((result) => result.performance));
    if (lcpTarget > 0) {
      rows.push({
        what: `LCP ${route}`,
        target: `≤ ${(lcpTarget / 1000).toFixed(1)} s`,
        measured: `${(lcp / 1000).toFixed(2)} s`,
        met: lcp <= lcpTarget,
      });
    } else {
      rows.push({
        what: `LCP ${route}`,
        target: '(no target)',
        measured: `${(lcp / 1000).toFixed(2)} s`,
        met: null,
      });
    }
    rows.push({
      what: `TBT ${route}`,
      target: `≤ ${tbtTarget} ms`,
      measured: `${tbt.toFixed(0)} ms`,
      met: tbt <= tbtTarget,
    });
    rows.push({ what: `CLS ${route}`, target: '≤ 0.05', measured: cls.toFixed(3), met: cls <= 0.05 });
    rows.push({
      what: `accessibility ${route}`,
      target: '≥ 95',
      measured: String(accessibility),
      met: accessibility >= 95,
    });
    notes.push(
      `Lighthouse ${route}: performance score ${performance} (median of ${results.length}; runs: ${results
        .map((result) => `LCP ${(result.lcp / 1000).toFixed(2)} s, TBT ${result.tbt.toFixed(0)} ms`)
        .join(' | ')})`,
    );
  }
  rmSync(path.dirname(headersFile), { recursive: true, force: true });
}

function print(): void {
  const width = (pick: (row: Row) => string, title: string) =>
    Math.max(title.length, ...rows.map((row) => pick(row).length));
  const w = [width((row) => row.what, 'delivery target'), width((row) => row.target, 'target')];
  console.log(`\n${'delivery target'.padEnd(w[0] ?? 0)}  ${'target'.padEnd(w[1] ?? 0)}  met  measured`);
  for (const row of rows) {
    const met = row.met === null ? '  -' : row.met ? 'yes' : ' NO';
    console.log(`${row.what.padEnd(w[0] ?? 0)}  ${row.target.padEnd(w[1] ?? 0)}  ${met}  ${row.measured}`);
  }
  console.log('');
  for (const note of notes) console.log(`- ${note}`);
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};

/**
 * `BENCH_BOOT_PROFILE=1`: a CPU profile of the dashboard's boot (4x slower CPU, as Lighthouse's), printed as
 * where the main thread's time went until the page settled, by script and by function, with the page's own first
 * and largest paints. What to act on comes from here, not from guesses.
 */
async function profileBoot(base: string, cookie: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 360, height: 740 },
    });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: base };
      }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.addInitScript(() => {
      const paints: Record<string, number> = {};
      (window as unknown as { __paints: Record<string, number> }).__paints = paints;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) paints[entry.name || entry.entryType] = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) paints['largest-contentful-paint'] = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await cdp.send('Profiler.start');
    await page.goto(`${base}/dashboard`, { waitUntil: 'networkidle' });
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const paints = await page.evaluate(
      () => (window as unknown as { __paints: Record<string, number> }).__paints,
    );
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const selfMs = new Map<number, number>();
    profile.samples.forEach((id, i) =>
      selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
    );
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const [id, ms] of selfMs) {
      const frame = byId.get(id)?.callFrame;
      if (!frame) continue;
      const script = frame.url
        ? (new URL(frame.url).pathname.split('/').pop() ?? frame.url)
        : `(${frame.functionName || 'program'})`;
      byScript.set(script, (byScript.get(script) ?? 0) + ms);
      const name = `${frame.functionName || '(anonymous)'} ${script}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    }
    const top = (map: Map<string, number>, count: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
        .join('; ');
    notes.push(
      `boot profile of /dashboard (4x CPU, no network throttling): ${Object.entries(paints)
        .map(([name, at]) => `${name} ${at.toFixed(0)} ms`)
        .join(', ')}`,
    );
    notes.push(`  main thread by script: ${top(byScript, 8)}`);
    notes.push(`  by function (self): ${top(byFunction, 12)}`);
    await context.close();
  } finally {
    await browser.close();
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
buildIfNeeded();
notes.push(`machine load (1, 5, 15 min) at the start: ${load()}; Lighthouse's TBT and LCP grow with it`);
const server = await startServer();
try {
  const cookie = await signUp(server.base);
  await measureHttp(server.base);
  await measureScripts(server.base, cookie);
  if (process.env['BENCH_BOOT_PROFILE']) await profileBoot(server.base, cookie);
  const receipt = await buyForReceipt(server.base, cookie);
  measureLighthouse(server.base, cookie, receipt);
} finally {
  await server.stop();
}
notes.push(`machine load at the end: ${load()}`);
print();
