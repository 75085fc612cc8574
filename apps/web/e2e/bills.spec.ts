import { expect, test } from '@playwright/test';
import { createPin, signUpAndFund } from './accounts.ts';

test('renew a DSTV bouquet after verifying the smart card, 1% off, with the receipt', async ({ page }) => {
  await signUpAndFund(page, 'Dele Dstv', '50000');
  await page.goto('/PaybilsDstv');
  await expect(page).toHaveURL(/\/dstv$/);
  await page.getByLabel('Smart card number').fill('1212121212');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  const card = page.getByRole('region', { name: 'Smart card verified' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('TEST METHOD');
  await expect(card).toContainText('Current bouquet');
  const renew = page.getByRole('radio', { name: /Renew ₦/ });
  await expect(renew).toBeChecked();
  const amount = await page.getByLabel('Amount (NGN)', { exact: true }).inputValue();
  expect(amount).toMatch(/^₦[\d,]+\.\d{2}$/);
  await expect(page.getByText(/^1% off: you pay ₦/)).toBeVisible();

  await page.getByLabel('Phone number', { exact: true }).fill('08011111111');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('region', { name: 'Amount to be charged' })).toContainText('Card holder');
  await createPin(page, '4826');

  const receipt = page.getByRole('region', { name: 'Transaction Receipt' });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Transaction Successful! Thanks for using QuickVend/)).toBeVisible();
  await expect(receipt).toContainText('1212121212');
  await expect(receipt).toContainText('TEST METHOD');
  await expect(receipt).toContainText(/renewal/i);
  await expect(receipt).toContainText(amount);
  await expect(receipt).toContainText('Discount');
  await expect(receipt).toContainText('Amount charged');
});

test('buy a prepaid electricity token: it shows on the receipt and in the transactions', async ({ page }) => {
  await signUpAndFund(page, 'Efe Electric', '5000');
  await page.goto('/PaybilsUtility');
  await expect(page).toHaveURL(/\/electricity$/);
  await page.getByLabel('Distributor').selectOption({ label: 'Ikeja' });
  await page.getByLabel('Meter number').fill('1111111111111');
  await page.getByRole('button', { name: 'Verify Meter Number' }).click();
  const meter = page.getByRole('region', { name: 'Meter verified' });
  await expect(meter).toBeVisible({ timeout: 15_000 });
  await expect(meter).toContainText('Customer name');
  await expect(meter).toContainText('Minimum amount');

  await page.getByLabel('Phone number').fill('08011111111');
  await page.getByLabel('Amount (NGN)').fill('1000');
  await expect(page.getByText('1% off: you pay ₦990.00')).toBeVisible();
  await page.getByRole('button', { name: 'Buy electricity' }).click();
  await createPin(page, '5937');

  const receipt = page.getByRole('region', { name: 'Transaction Receipt' });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  const token = receipt.getByRole('region', { name: 'Token' });
  await expect(token).toBeVisible();
  const grouped = (await token.getByTestId('token').textContent()) ?? '';
  expect(grouped).toMatch(/^\d{4}( \d{4})+$/);
  await expect(receipt).toContainText('₦990.00');

  await page.goto('/transactions');
  const card = page.getByRole('listitem').filter({ hasText: '1111111111111' }).first();
  await expect(card).toContainText('Delivered');
  // one money figure: what the wallet paid, the face value beside it because of the discount
  await expect(card.getByText('₦990.00', { exact: true })).toBeVisible();
  await expect(card.getByText('₦1,000.00 value, 1% off', { exact: true })).toBeVisible();
  await expect(card).not.toContainText('Charged');
  await expect(card).toContainText(grouped);
  await expect(card.getByRole('button', { name: 'Copy token' })).toBeVisible();

  await card.getByRole('link', { name: /^(?!Buy again)/ }).click();
  await expect(page.getByRole('region', { name: 'Receipt' }).getByTestId('token')).toHaveText(grouped);
  await page.getByRole('button', { name: 'Email me this again' }).click();
  await expect(page.getByText(/^Sent to .+@/)).toBeVisible({ timeout: 15_000 });
});

test('buy a WAEC result checker PIN and see it with its serial', async ({ page }) => {
  await signUpAndFund(page, 'Wale Waec', '10000');
  await page.goto('/paybils_waec');
  await expect(page).toHaveURL(/\/exam-pins$/);
  await expect(page.getByRole('radio', { name: /WAEC Result Checker/ })).toBeChecked();
  const total = page.getByLabel('Total (NGN)');
  await expect(total).not.toHaveValue('');
  await page.getByLabel('Phone number').fill('08011111111');
  await page.getByRole('button', { name: 'Buy PIN' }).click();
  await createPin(page, '7142');

  const receipt = page.getByRole('region', { name: 'Transaction Receipt' });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  const pins = receipt.getByRole('region', { name: 'PIN' });
  await expect(pins.getByRole('listitem')).toHaveCount(1);
  await expect(pins).toContainText('Serial');
  await expect(pins.getByRole('button', { name: 'Copy PIN 1' })).toBeVisible();

  await page.goto('/transactions');
  await expect(page.getByRole('listitem').filter({ hasText: 'WAEC' }).first()).toContainText('Delivered');
});
