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
  // a page not visited yet opens too: the first pages a customer needs are saved at install
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
