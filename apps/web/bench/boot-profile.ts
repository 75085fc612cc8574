import { chromium } from '@playwright/test';
import { chromiumPath, notes } from './report.ts';

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
export async function profileBoot(base: string, cookie: string): Promise<void> {
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
