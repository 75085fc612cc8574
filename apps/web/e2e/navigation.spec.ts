import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './accounts.ts';

const destinations = [
  { tab: 'Home', url: /\/dashboard$/, heading: /^Welcome, / },
  { tab: 'Buy', url: /\/buy$/, heading: 'Buy' },
  { tab: 'Transactions', url: /\/transactions$/, heading: 'Your Transactions' },
  { tab: 'Wallet', url: /\/wallet$/, heading: 'User Wallet' },
  { tab: 'Account', url: /\/account$/, heading: 'Account' },
] as const;

function tabBar(page: Page) {
  return page.getByRole('navigation', { name: 'Main tabs' });
}

test('on a phone a new customer moves between the five tabs and never sees an admin link', async ({
  page,
}) => {
  await signUp(page, 'Chidi Nwosu', uniqueEmail('chidi'));
  await expect(page.getByRole('status').filter({ hasText: 'Signup successful!' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();

  // first run: the dashboard leads to a PIN and a funded wallet
  const getStarted = page.getByRole('region', { name: 'Get started' });
  await expect(getStarted.getByRole('link', { name: /Set your transaction PIN/ })).toBeVisible();
  await expect(getStarted.getByRole('link', { name: /Add money to your wallet/ })).toBeVisible();

  for (const destination of [...destinations.slice(1), destinations[0]]) {
    const tab = tabBar(page).getByRole('link', { name: destination.tab });
    await tab.click();
    await expect(page).toHaveURL(destination.url);
    await expect(page.getByRole('heading', { level: 1, name: destination.heading })).toBeVisible();
    await expect(tab).toHaveAttribute('aria-current', 'page');
    const box = await tab.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await expect(page.getByRole('link', { name: /admin|back office/i })).toHaveCount(0);
  }

  // Buy lists the services; a network tile on the dashboard opens airtime with that network chosen
  await tabBar(page).getByRole('link', { name: 'Buy' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Electricity' }).click();
  await expect(page).toHaveURL(/\/electricity$/);
  await expect(tabBar(page).getByRole('link', { name: 'Buy' })).toHaveAttribute('aria-current', 'true');
  await tabBar(page).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('region', { name: 'Airtime and data' }).getByRole('link', { name: 'Airtel' }).click();
  await expect(page).toHaveURL(/\/airtime\?network=airtel$/);
  await expect(page.getByLabel('Operator')).toHaveValue('airtel');

  // the pay button stays above the tab bar
  const pay = page.getByRole('main').locator('form button[type="submit"]');
  const payBox = await pay.boundingBox();
  const barBox = await tabBar(page).boundingBox();
  expect(payBox && barBox && payBox.y + payBox.height <= barBox.y).toBe(true);

  // logging out lives on the account page
  await tabBar(page).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('at 1280 px the sidebar is there and the tab bar is not', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, 'Bisi Adeyemi', uniqueEmail('bisi'));
  const sidebar = page.getByRole('navigation', { name: 'Main', exact: true });
  await expect(sidebar).toBeVisible();
  await expect(tabBar(page)).toBeHidden();
  await expect(sidebar.getByRole('link', { name: /admin|back office/i })).toHaveCount(0);

  // the sidebar sits beside the page, and the page takes the room that is left
  const sidebarBox = await page.getByRole('complementary', { name: 'Sidebar' }).boundingBox();
  const mainBox = await page.getByRole('main').boundingBox();
  expect(sidebarBox && mainBox && mainBox.x >= sidebarBox.x + sidebarBox.width).toBe(true);
  expect(mainBox?.width).toBeGreaterThan(900);

  await sidebar.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await sidebar.getByRole('button', { name: 'Pay bills' }).click();
  await sidebar.getByRole('link', { name: 'GOtv' }).click();
  await expect(page).toHaveURL(/\/gotv$/);
});

test('an admin reaches the back office from their account page', async ({ page }) => {
  await page.goto('/Adminlogin');
  await page.getByLabel('Email').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('admin password');
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await tabBar(page).getByRole('link', { name: 'Account' }).click();
  await page
    .getByRole('main')
    .getByRole('link', { name: /Back office/ })
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
});

test('on a phone the offline notice sits above the tab bar, not over it', async ({ page, context }) => {
  await signUp(page, 'Efe Okoro', uniqueEmail('efe'));
  // the address changes before the dashboard is drawn: its tab bar must be there before the network goes
  await expect(tabBar(page)).toBeVisible();
  await context.setOffline(true);
  const notice = page.getByText(/You are offline/);
  await expect(notice).toBeVisible();
  const [noticeBox, barBox] = [await notice.boundingBox(), await tabBar(page).boundingBox()];
  expect(noticeBox && barBox ? noticeBox.y + noticeBox.height : Infinity).toBeLessThanOrEqual(barBox?.y ?? 0);
  await expect(tabBar(page).getByRole('link', { name: 'Account' })).toBeVisible();
  await context.setOffline(false);
  await expect(notice).toBeHidden();
});
