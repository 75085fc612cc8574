import { expect, test } from '@playwright/test';
import { createPin, signUpAndFund } from './accounts.ts';

test('buy airtime with a new PIN, see the receipt, the balance drop live, and the purchase in the history', async ({
  page,
  context,
}) => {
  await signUpAndFund(page, 'Ada Airtime', '1000');
  const dashboard = await context.newPage();
  await dashboard.goto('/dashboard');
  await expect(dashboard.getByRole('region', { name: 'Wallet balance' })).toContainText('₦1,000.00');

  await page.goto('/AirtimeTopUp');
  await expect(page).toHaveURL(/\/airtime$/);
  await page.getByLabel('Phone number').fill('08011111111');
  await page.getByLabel('Operator').selectOption({ label: 'MTN' });
  await page.getByRole('button', { name: '₦100', exact: false }).first().click();
  await page.getByRole('button', { name: 'Buy airtime' }).click();

  await expect(page.getByText('₦100.00').first()).toBeVisible();
  await createPin(page, '4826');

  const receipt = page.getByRole('region', { name: 'Transaction Receipt' });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  await expect(receipt).toContainText('MTN');
  await expect(receipt).toContainText('08011111111');
  await expect(page.getByText(/Transaction Successful! Thanks for using QuickVend/)).toBeVisible();
  await expect(dashboard.getByRole('region', { name: 'Wallet balance' })).toContainText('₦900.00');

  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Your Transactions' })).toBeVisible();
  await expect(page.locator('li, article').filter({ hasText: '08011111111' }).first()).toContainText(
    'Delivered',
  );
});

test('buy a data plan with the PIN', async ({ page }) => {
  await signUpAndFund(page, 'Dayo Data', '2000');
  await page.goto('/buyData');
  await expect(page).toHaveURL(/\/data$/);
  await expect(page.getByLabel('Data plan')).toBeDisabled();
  await page.getByLabel('Network').selectOption({ label: 'MTN' });
  await page.getByLabel('Phone number').fill('08011111111');
  await page.getByLabel('Data plan').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Buy Data' }).click();
  await createPin(page, '5937');
  const receipt = page.getByRole('region', { name: 'Transaction Receipt' });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  await expect(receipt).toContainText(/MTN/i);

  await page.goto('/transactions');
  await expect(page.locator('li, article').filter({ hasText: 'MTN Data' }).first()).toContainText(
    'Delivered',
  );
});
