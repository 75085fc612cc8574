import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './accounts.ts';

async function logOut(page: Page) {
  const logout = page.getByRole('button', { name: 'Logout' });
  // on a phone, logging out lives on the account tab
  if (!(await logout.isVisible())) {
    await page.getByRole('navigation', { name: 'Main tabs' }).getByRole('link', { name: 'Account' }).click();
  }
  await logout.click();
}

test('a new customer signs up, sees an empty wallet, and logging out really ends the session', async ({
  page,
}) => {
  await signUp(page, 'Amaka Okafor', uniqueEmail('amaka'));
  await expect(page.getByRole('heading', { name: 'Welcome, Amaka Okafor' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wallet balance' })).toContainText('₦0.00');

  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const me = await page.request.get('/api/v1/me');
  expect(me.status()).toBe(401);
});

test('sign-up refuses empty fields with the exact message and stays put', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Tunde');
  await page.getByRole('button', { name: /sign up/i }).click();
  await expect(page.getByText('All fields are required!')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('an ordinary user at the admin login is told they are not an admin and is signed out', async ({
  page,
}) => {
  const email = uniqueEmail('notadmin');
  await signUp(page, 'Plain User', email);
  await logOut(page);

  await page.goto('/Adminlogin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('e2e password 1');
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
  await expect(page.getByText('Access denied. You are not an admin.')).toBeVisible();
  expect((await page.request.get('/api/v1/me')).status()).toBe(401);
});

test('an admin signs in at the admin login and sees the users', async ({ page }) => {
  const customer = uniqueEmail('listed');
  await signUp(page, 'Listed Customer', customer);
  await logOut(page);

  await page.goto('/Adminlogin');
  await page.getByLabel('Email').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('admin password');
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByText(customer)).toBeVisible();
});

test('wrong admin credentials get the exact message', async ({ page }) => {
  await page.goto('/Adminlogin');
  await page.getByLabel('Email').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
});

test('a forgotten password is reset through the sandbox mailbox', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await signUp(page, 'Forgetful Femi', email);
  await logOut(page);

  await page.goto('/login');
  await page.getByRole('link', { name: /reset password|forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: /send|reset/i }).click();

  await expect
    .poll(async () => (await page.request.get('/sandbox/mailbox')).text(), { timeout: 10_000 })
    .toContain(email);
  await page.goto('/sandbox/mailbox');
  const link = page
    .locator('article', { hasText: email })
    .filter({ hasText: /Reset your/ })
    .getByRole('link')
    .first();
  await link.click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('my new password 2');
  await page.getByLabel('Confirm new password').fill('my new password 2');
  await page.getByRole('button', { name: /set|reset|save/i }).click();
  await expect(page.getByRole('link', { name: /log ?in/i }).first()).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('my new password 2');
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the landing page fits a 360 px phone without sideways scrolling', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  for (const service of ['Airtime', 'ShowMax', 'Dstv', 'BroadBand', 'Utility', 'Data plans']) {
    await expect(page.getByRole('heading', { name: service, exact: true })).toBeVisible();
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('spec routes reach their pages in any letter case, and signed-out visitors are sent away', async ({
  page,
}) => {
  await page.goto('/AirtimeTopUp');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);

  await signUp(page, 'Route Tester', uniqueEmail('routes'));
  await page.goto('/AirtimeTopUp');
  await expect(page).toHaveURL(/\/airtime$/);
  await page.goto('/DETAILS');
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});
