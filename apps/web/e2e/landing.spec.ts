import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from './accounts.ts';

const NAIRA = /₦[\d,]+\.\d\d/g;

/** The price a landing row quotes: the last naira figure (a struck-through face value may come first). */
async function landingPrice(page: Page, card: string, row: string): Promise<string> {
  const pricing = page.getByRole('region', { name: 'Pricing' });
  const heading = pricing.getByRole('heading', { name: card, exact: true });
  const price = heading
    .locator('xpath=..')
    .locator('dt', { hasText: new RegExp(`^${row}$`) })
    .locator('xpath=following-sibling::dd[1]');
  await expect(price).toHaveText(NAIRA, { timeout: 20_000 });
  return lastNaira(price);
}

async function lastNaira(element: Locator): Promise<string> {
  const figures = (await element.textContent())?.match(NAIRA) ?? [];
  const last = figures.at(-1);
  if (!last) throw new Error('no price shown');
  return last;
}

/** The price the purchase page's plan dropdown gives the plan whose option matches. */
async function appPrice(page: Page, label: string, plan: RegExp): Promise<string> {
  const option = page.getByLabel(label).locator('option', { hasText: plan }).first();
  await expect(option).toHaveText(NAIRA, { timeout: 15_000 });
  return lastNaira(option);
}

test('the landing quotes the prices the app charges, read live from the catalogue', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Airtime, data and bills, paid in seconds, for less.',
  );
  await page.getByRole('region', { name: 'Pricing' }).scrollIntoViewIfNeeded();
  const compact = await landingPrice(page, 'DSTV', 'Compact');
  const mtnGigabyte = await landingPrice(page, 'Data', 'MTN 1GB');
  // the sandbox runs with no contacts configured: none shown, never a placeholder
  await expect(page.locator('a[href^="tel:"], a[href^="mailto:"]')).toHaveCount(0);

  await signUp(page, 'Lara Landing');
  await page.goto('/dstv');
  expect(await appPrice(page, 'Bouquet', /^DStv Compact ·/)).toBe(compact);
  await page.goto('/data');
  await page.getByLabel('Network').selectOption({ label: 'MTN' });
  expect(await appPrice(page, 'Data plan', /1GB - 30 Days/)).toBe(mtnGigabyte);
});
