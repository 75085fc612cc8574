import { readdirSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signUp } from './accounts.ts';

const OFFLINE = /You are offline/;

/** Waits until the service worker has installed and controls the page (it registers once the page has loaded). */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
    });
  });
}

/**
 * Chromium 150 forgets the emulated offline state in a document its service worker served (navigator.onLine
 * reads true there), which a phone without network never does: the test says it again after each such load.
 */
async function stayOffline(context: BrowserContext) {
  await context.setOffline(false);
  await context.setOffline(true);
}

/** Every file the build made under assets/ (the pages' code and styles), by URL path. */
function builtAssets(): string[] {
  return readdirSync(new URL('../dist/assets', import.meta.url))
    .filter((name) => !/\.(br|gz)$/.test(name))
    .map((name) => `/assets/${name}`);
}

async function savedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const saved: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) saved.push(new URL(request.url).pathname);
    }
    return saved;
  });
}

async function logOut(page: Page) {
  const logout = page.getByRole('button', { name: 'Logout' });
  // on a phone, logging out lives on the account tab
  if (!(await logout.isVisible())) {
    await page.getByRole('navigation', { name: 'Main tabs' }).getByRole('link', { name: 'Account' }).click();
  }
  await logout.click();
}

const NEW_VERSION = /new version/i;

/** Marks the document, to tell later whether the page was loaded again. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { isSameDocument?: boolean }).isSameDocument = true;
  });
}
const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { isSameDocument?: boolean }).isSameDocument === true);

/** Whether anything under /api/ was kept by the service worker. */
async function keptApiAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const kept: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname.startsWith('/api/')) kept.push(request.url);
      }
    }
    return kept;
  });
}

test('the landing shows its content, links and price placeholders with JavaScript turned off', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  await expect(page.getByText('Sandbox: no real money moves')).toBeVisible();
  // the prices are read live once the page runs: without it, placeholders and never a figure
  const pricing = page.getByRole('region', { name: 'Pricing' });
  await expect(pricing.getByRole('heading', { name: 'DSTV' })).toBeVisible();
  await expect(pricing.getByText('Compact Plus')).toBeVisible();
  await expect(pricing).not.toContainText('₦');
  await context.close();
});

test('the landing comes alive without the app: live prices, and no React, router, query or schema code loaded', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  const pricing = page.getByRole('region', { name: 'Pricing' });
  await pricing.scrollIntoViewIfNeeded();
  // the first price list comes from the provider's catalogue: slow on a loaded machine
  await expect(pricing.getByText(/₦[\d,]+\.\d\d/).first()).toBeVisible({ timeout: 20_000 });
  // the menu works, by a few lines of plain script
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Sections menu' })).toBeVisible();
  // React, the app's entry (router), the query library and the schemas (zod) stay away
  expect(
    scripts.filter((script) => /\/assets\/(react|index|useBaseQuery|schemas|zod)-/.test(script)),
  ).toEqual([]);
  expect(errors).toEqual([]);
});

test('a second visit paints the landing offline and says it is offline', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
  await stayOffline(context);
  await expect(page.getByText(OFFLINE)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toBeHidden();
});

test('a signed-in customer’s second visit paints the app’s shell offline, says so, and no API answer is kept', async ({
  page,
  context,
}) => {
  await signUp(page, 'Offline Customer');
  await waitForServiceWorker(page);
  // a page loaded while the worker controls the page, so its files are kept as they come
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Wallet balance' })).toContainText('₦0.00');

  await context.setOffline(true);
  await page.reload();
  await stayOffline(context);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  // the shell paints from what the phone saved; nothing about money is shown from a cache
  await expect(page.locator('body')).not.toContainText('₦');
  // a page not visited yet opens too: every page is saved at install
  await page.goto('/login');
  await stayOffline(context);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();

  expect(await keptApiAnswers(page)).toEqual([]);
  await context.setOffline(false);
});

test('the app is installable: a manifest with icons, standalone, starting at the dashboard', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href ?? '');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ start_url: '/dashboard', display: 'standalone', theme_color: '#065f46' });
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = manifest.icons.find(
      (candidate) => candidate.sizes === sizes && candidate.purpose === purpose,
    );
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const image = await request.get(icon?.src ?? '');
    expect(image.headers()['content-type']).toBe('image/png');
  }
});

test('once the app is saved, a page never opened shows during a dropped signal, and its plans come when the signal returns', async ({
  page,
  context,
}) => {
  await signUp(page, 'Signal Customer');
  await waitForServiceWorker(page);
  // every page's code and styles were saved at install, not only the pages already seen
  expect(await savedPaths(page)).toEqual(expect.arrayContaining(builtAssets()));
  await expect(page.getByRole('heading', { name: 'Welcome, Signal Customer' })).toBeVisible();
  await markDocument(page);

  await context.setOffline(true);
  await page.getByRole('main').getByRole('link', { name: 'GOtv' }).click();
  await expect(page).toHaveURL(/\/gotv$/);
  await expect(page.getByLabel('Smart card number')).toBeVisible();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(NEW_VERSION);

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toBeHidden();
  await expect(page.getByLabel('Bouquet')).toContainText('GOtv Max');
  expect(await isSameDocument(page)).toBe(true);
});

test.describe('before the app is saved (no service worker)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a page whose code cannot load offline waits for the signal, never says "new version", and opens by itself', async ({
    page,
    context,
  }) => {
    await signUp(page, 'Unsaved Customer');
    await expect(page.getByRole('heading', { name: 'Welcome, Unsaved Customer' })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('main').getByRole('link', { name: 'GOtv' }).click();
    await expect(page.getByRole('heading', { name: 'Waiting for your connection' })).toBeVisible();
    await expect(page.getByText('It opens by itself when your connection returns.')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(NEW_VERSION);

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/gotv$/);
    await expect(page.getByLabel('Smart card number')).toBeVisible();
    await expect(page.getByLabel('Bouquet')).toContainText('GOtv Max');
    await expect(page.getByRole('heading', { name: 'Waiting for your connection' })).toBeHidden();
  });
});

/**
 * A customer signs up (the dashboard, in its own page load), opens their wallet (another page load), signs out,
 * and Back is pressed twice: to the wallet's place (signed out: the login page), then to the dashboard's.
 */
async function signOutThenGoBack(page: Page, name: string, { waitUntil }: { waitUntil: 'load' | 'commit' }) {
  await signUp(page, name);
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  // the worker takes the page over once installed; a takeover while the page is kept for Back would evict it
  await waitForServiceWorker(page);
  await page.goto('/wallet');
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack({ waitUntil });
}

test('on a shared phone, Back after signing out loads the login page, never the previous customer’s answers', async ({
  page,
}) => {
  // (Playwright's Chromium keeps no page for Back: the dashboard is loaded again from the history, when a
  // browser takes what it has cached as it is)
  await signOutThenGoBack(page, 'History Customer', { waitUntil: 'load' });
  const previousCustomer = page.getByText('History Customer').filter({ visible: true });
  await expect(previousCustomer).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(previousCustomer).toHaveCount(0);
});

test('on a shared phone, Back after signing out never shows the page kept whole for Back', async ({
  playwright,
  baseURL,
}) => {
  // Playwright turns the back/forward cache off; phones keep it on, and it brings a page back as it was left
  const browser = await playwright.chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    // notes, for the test, that a page came back from that cache (the note outlives a reload of the tab)
    await context.addInitScript(() => {
      window.addEventListener('pageshow', (event) => {
        if (event.persisted) window.sessionStorage.setItem('e2e:restored', window.location.pathname);
      });
    });
    const page = await context.newPage();
    // a page brought back from that cache fires no load event
    await signOutThenGoBack(page, 'Shared Phone', { waitUntil: 'commit' });
    const previousCustomer = page.getByText('Shared Phone').filter({ visible: true });
    await expect(previousCustomer).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('e2e:restored'))).toBe('/dashboard');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(previousCustomer).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
