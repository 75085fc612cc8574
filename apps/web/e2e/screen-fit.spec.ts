import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp, signUpAndFund } from './accounts.ts';

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

const bottomOf = (box: Box) => box.y + box.height;

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Main tabs' });

/** The sum of the page's layout shifts so far that no tap or key caused (the page's CLS). */
async function unexpectedShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[];
          resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // no entry at all: nothing moved
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve(0);
          });
        });
      }),
  );
}

test('DStv on a phone: after Verify the next field sits above the pay bar, and the PIN step above the tabs', async ({
  page,
}) => {
  await signUpAndFund(page, 'Fisayo Fit', '50000');
  await page.goto('/dstv');
  await page.getByLabel('Smart card number').fill('1212121212');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Smart card verified' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('radio', { name: /Renew ₦/ })).toBeChecked();

  const phone = page.getByLabel('Phone number', { exact: true });
  const payBar = page.getByRole('main').locator('form .sticky');
  await expect(payBar).toContainText('You pay');
  await expect
    .poll(async () => bottomOf(await boxOf(phone)) <= (await boxOf(payBar)).y, { timeout: 5_000 })
    .toBe(true);
  expect((await boxOf(phone)).y).toBeGreaterThan((await boxOf(page.locator('header'))).height);

  await phone.fill('08011111111');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const step = page.getByRole('region', { name: 'Amount to be charged' });
  await expect(step).toBeVisible();
  // a first purchase: the PIN is made here, the tallest the step gets
  await expect(page.getByLabel('Create your transaction PIN')).toBeAttached();
  const cancel = step.getByRole('button', { name: 'Cancel' });
  const keys = step.getByRole('group', { name: 'PIN keys' });
  const tabs = await boxOf(tabBar(page));
  await expect.poll(async () => bottomOf(await boxOf(cancel)) <= tabs.y).toBe(true);
  expect((await boxOf(keys)).y).toBeGreaterThan((await boxOf(page.locator('header'))).height);
  await cancel.click();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

test('the dashboard draws Get started at once: nothing moves when the answers come', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/pin', async (route) => {
    await held;
    await route.continue();
  });
  await signUp(page, 'Dapo Dashboard');
  const services = page.getByRole('region', { name: 'Airtime and data' });
  await expect(services).toBeVisible();
  const getStarted = page.getByRole('region', { name: 'Get started' });
  await expect(getStarted).toBeVisible();
  const before = await boxOf(services);

  const answered = page.waitForResponse('**/api/v1/pin');
  release();
  await answered;
  await expect(getStarted.getByRole('link', { name: /Set your transaction PIN/ })).toBeVisible();
  expect(await boxOf(services)).toEqual(before);
});

test('the landing offers Login to a visitor and the dashboard to someone signed in, moving nothing', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  const visitorHeading = await boxOf(page.getByRole('heading', { level: 1 }));
  // the whole bar fits a 360 px phone: the menu button is not pushed off its edge
  const menu = header.getByRole('button', { name: 'Menu' });
  const rightOf = (box: Box) => box.x + box.width;
  expect(rightOf(await boxOf(menu))).toBeLessThanOrEqual(360);

  await signUp(page, 'Lola Landing');
  await page.goto('/');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
  expect(rightOf(await boxOf(menu))).toBeLessThanOrEqual(360);
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/dashboard');
  expect(await boxOf(page.getByRole('heading', { level: 1 }))).toEqual(visitorHeading);
  expect(await unexpectedShift(page)).toBe(0);

  await header.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
