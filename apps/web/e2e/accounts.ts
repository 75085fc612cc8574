import { expect, type Page } from '@playwright/test';

export const uniqueEmail = (label: string) =>
  `${label}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@e2e.test`;

/** A new customer, signed in on the dashboard; the email is made from the first name unless given. */
export async function signUp(
  page: Page,
  name: string,
  email = uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'user'),
) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('e2e password 1');
  await page.getByRole('button', { name: /sign up/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens the sign-up link the sandbox mailbox holds for `email` and taps to confirm the address. */
export async function confirmEmail(page: Page, email: string) {
  await expect
    .poll(async () => (await page.request.get('/sandbox/mailbox')).text(), { timeout: 10_000 })
    .toContain(email);
  await page.goto('/sandbox/mailbox');
  const mail = page.locator('article', { hasText: email }).filter({ hasText: 'Confirm your email for' });
  await mail.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/confirm-email\?token=/);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByText('Your email is confirmed.')).toBeVisible();
}

/** A new customer whose wallet a sandbox card payment has funded. */
export async function signUpAndFund(page: Page, name: string, naira: string) {
  await signUp(page, name);
  await page.goto('/fund-wallet');
  await page.getByLabel('Amount (NGN)').first().fill(naira);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByLabel('Or type a card number').fill('4084084084084081');
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A new PIN: the pad moves on by itself once 4 digits are in. */
export async function createPin(page: Page, pin: string) {
  await page.getByLabel('Create your transaction PIN').fill(pin);
  await page.getByLabel('Enter the same PIN again').fill(pin);
}
