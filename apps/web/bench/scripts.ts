import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumPath, gzipSize, KB, kb, notes, rows } from './report.ts';

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

export async function measureScripts(base: string, cookie: string): Promise<void> {
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

export async function measureHttp(base: string): Promise<void> {
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
