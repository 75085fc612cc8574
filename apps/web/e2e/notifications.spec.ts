import { expect, test } from '@playwright/test';
import { signUpAndFund } from './accounts.ts';

test('a failed purchase’s refund shows as an unread notice in the bell; opening it shows the receipt and clears the count', async ({
  page,
}) => {
  await signUpAndFund(page, 'Nneka Notice', '1000');
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  // the funding is told too, live
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });

  // the PIN made beforehand (its own notice), so that the purchase is the only news afterwards
  const pin = await page.request.post('/api/v1/pin', {
    data: { pin: '5937' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(pin.status()).toBe(200);
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 10_000 });
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const inbox = page.getByRole('list', { name: 'Your notifications' });
  await expect(inbox.getByRole('link', { name: /^Unread: Wallet funded: ₦1,000\.00/ })).toBeVisible();
  await expect(inbox.getByRole('link', { name: /^Unread: Your transaction PIN was created/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(inbox.getByText(/^Unread:/)).toHaveCount(0);

  // any number but the sandbox's own fails at the provider, and is refunded at once
  await page.goto('/airtime');
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Operator').selectOption({ label: 'MTN' });
  await page.getByRole('button', { name: '₦100', exact: false }).first().click();
  await page.getByRole('form', { name: 'Buy airtime' }).locator('button[type="submit"]').click();
  await page.getByLabel('Enter your transaction PIN').fill('5937');
  await expect(page.getByRole('region', { name: 'Transaction Receipt' })).toBeVisible({ timeout: 15_000 });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });

  await bell.click();
  const notice = inbox.getByRole('link', { name: /^Unread: MTN Airtime failed: ₦100\.00 refunded/ });
  await expect(notice).toContainText(
    'We could not deliver MTN Airtime to 0803 123 4567. Your ₦100.00 is back in your wallet.',
  );
  await notice.click();
  await expect(page).toHaveURL(/\/transactions\/[^/]+$/);
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText('Refunded');
  await expect(bell).toHaveAccessibleName('Notifications');

  // read stays read
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications', { timeout: 10_000 });
  await bell.click();
  await expect(inbox.getByText(/^Unread:/)).toHaveCount(0);
});
