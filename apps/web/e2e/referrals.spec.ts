import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './accounts.ts';

test('a friend who signs up with the referral link and funds their wallet pays the referrer ₦50, shown live', async ({
  page,
  browser,
}) => {
  await signUp(page, 'Amaka Referrer');
  await page.getByRole('navigation', { name: 'Main tabs' }).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('link', { name: /^Refer and earn/ }).click();
  await expect(page).toHaveURL(/\/refer$/);
  await expect(page.getByRole('heading', { name: 'Refer and earn', level: 1 })).toBeVisible();
  await expect(page.getByText(/You get ₦50\.00 when a friend you invite adds money/)).toBeVisible();
  await expect(page.getByText('No referrals yet.')).toBeVisible();
  const link = await page.getByLabel('Your referral link').inputValue();
  const code = new URL(link).searchParams.get('ref') ?? '';
  expect(code).toMatch(/^[a-z0-9]{6}-[A-Z0-9]{6}$/);

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend.getByLabel('Referral code (optional)')).toHaveValue(code);
  const friendEmail = uniqueEmail('bisi');
  await friend.getByLabel('Full name').fill('Bisi Friend');
  await friend.getByLabel('Email address').fill(friendEmail);
  await friend.getByLabel('Password').fill('e2e password 1');
  await friend.getByRole('button', { name: /sign up/i }).click();
  await expect(friend).toHaveURL(/\/dashboard$/);

  await page.reload();
  const referrals = page.getByRole('list', { name: 'Your referrals' });
  const row = referrals.getByRole('listitem').filter({ hasText: 'Bisi' });
  await expect(row).toContainText('bi***@e2e.test');
  await expect(row).toContainText('Pending');
  await expect(row).not.toContainText(friendEmail);

  await friend.goto('/fund-wallet');
  await friend.getByLabel('Amount (NGN)').first().fill('1000');
  await friend.getByRole('button', { name: 'Pay Now' }).click();
  await friend.getByLabel('Or type a card number').fill('4084084084084081');
  await friend.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(friend).toHaveURL(/\/dashboard$/);
  await friendContext.close();

  // the referrer's page is still open: the reward arrives with the live balance
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('+₦50.00');
  await expect(page.getByText('You earned ₦50.00 from referrals since your last visit.')).toBeVisible();
  await expect(page.getByText('Earned so far').locator('..')).toContainText('₦50.00');

  await page.goto('/wallet');
  await expect(
    page
      .getByRole('table', { name: 'Wallet breakdown' })
      .getByRole('row', { name: /Amount earned from Referral/ }),
  ).toContainText('₦50.00');
});
