import { expect, test, type Page } from '@playwright/test';
import { confirmEmail, signUp, uniqueEmail } from './accounts.ts';

const walletBalance = (page: Page) => page.getByRole('region', { name: 'Wallet balance' });

test('a card payment credits the wallet, and a page already open shows it without a reload', async ({
  page,
  context,
}) => {
  await signUp(page, 'Funmi Card');
  const walletTab = await context.newPage();
  await walletTab.goto('/wallet');
  await expect(walletTab.getByRole('heading', { name: 'User Wallet' })).toBeVisible();
  await expect(walletTab.getByText('₦0.00').first()).toBeVisible();

  await page.goto('/topUp');
  await expect(page).toHaveURL(/\/fund-wallet$/);
  await expect(page.getByRole('heading', { name: 'Wallet & Payments' })).toBeVisible();
  await page.getByLabel('Amount (NGN)').first().fill('5000');
  await page.getByRole('button', { name: 'Pay Now' }).click();

  await expect(page).toHaveURL(/\/sandbox\/paystack\/checkout\//);
  await page.getByLabel('Or type a card number').fill('4084 0840 8408 4081');
  await page.getByRole('button', { name: 'Pay ₦5,000.00' }).click();

  await expect(page.getByText(/Payment successful! Reference: /).first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(walletBalance(page)).toContainText('₦5,000.00');

  await expect(walletTab.getByText('₦5,000.00').first()).toBeVisible();
  const statement = walletTab.getByRole('list', { name: 'Statement' });
  await expect(statement).toContainText('₦5,000.00');

  // the line says what it was, and the whole row (a thumb's height at least) opens the payment history
  const line = statement.getByRole('link', { name: /^Card payment/ });
  await expect(line).toContainText('+₦5,000.00');
  expect((await line.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await line.click();
  await expect(walletTab).toHaveURL(/\/fund-wallet#payment-history-heading$/);
  await expect(walletTab.getByRole('heading', { name: 'Payment history' })).toBeInViewport();
});

test('a declined card credits nothing and says so plainly', async ({ page }) => {
  await signUp(page, 'Dayo Declined');
  await page.goto('/fund-wallet');
  await page.getByLabel('Amount (NGN)').first().fill('2000');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByLabel('Or type a card number').fill('4084080000005408');
  await page.getByRole('button', { name: 'Pay ₦2,000.00' }).click();
  await expect(page.getByText('Declined').first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel payment' }).click();

  await expect(page).toHaveURL(/\/fund-wallet/);
  await expect(page.getByText(/declined|Payment closed!/i).first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(walletBalance(page)).toContainText('₦0.00');
});

test('a bank transfer into the dedicated account credits the wallet', async ({ page, context }) => {
  await signUp(page, 'Tobi Transfer');
  await page.goto('/fund-wallet');
  await page.getByRole('button', { name: 'Generate Account Number' }).click();
  await expect(page.getByText('Test Bank')).toBeVisible();
  const simulate = page.getByRole('link', { name: /simulate a transfer/i });
  const href = await simulate.getAttribute('href');
  expect(href).toBeTruthy();

  const bank = await context.newPage();
  await bank.goto(href ?? '');
  await bank.getByLabel('Amount (₦)').fill('7500');
  await bank.getByRole('button', { name: 'Send transfer' }).click();
  await expect(bank.getByText(/Transfer sent/i)).toBeVisible();

  await expect(page.getByText('₦7,500.00').first()).toBeVisible({ timeout: 15_000 });
});

test('an admin approves a manual deposit and the customer sees it, less the NGN 50 charge', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('manny');
  await signUp(page, 'Manny Manual', email);
  // a bank deposit waits for the address to be confirmed; the dashboard asks for it
  await expect(page.getByRole('region', { name: 'Confirm your email' })).toBeVisible();
  await page.goto('/fund-wallet');
  await expect(page.getByLabel('Depositor name')).toHaveCount(0);
  await confirmEmail(page, email);
  await page.goto('/fund-wallet');
  await page.getByLabel('Depositor name').fill('Manny Manual');
  await page.getByLabel('Bank name').fill('First Bank');
  await page.getByLabel('Amount (NGN)').last().fill('1000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/pending/i).first()).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/Adminlogin');
  await admin.getByLabel('Email').fill('admin@e2e.test');
  await admin.getByLabel('Password').fill('admin password');
  await admin.getByRole('button', { name: /log ?in/i }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('button', { name: 'Approve ₦1,000.00 from Manny Manual' }).click();
  await admin.getByRole('button', { name: 'Confirm approve' }).click();
  await expect(admin.getByText('Approved: ₦950.00 credited to Manny Manual.')).toBeVisible();
  await adminContext.close();

  await expect(page.getByText('₦950.00').first()).toBeVisible({ timeout: 10_000 });
});
