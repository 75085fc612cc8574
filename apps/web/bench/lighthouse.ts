import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath, notes, root, rows } from './report.ts';

const lighthouseRuns = Number(process.env['BENCH_LIGHTHOUSE_RUNS'] ?? 3);
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

export function measureLighthouse(base: string, cookie: string, receipt: string): void {
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
