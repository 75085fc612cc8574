import { expect, test } from '@playwright/test';
import { createPin, signUpAndFund } from './accounts.ts';

test.use({ viewport: { width: 360, height: 740 } });

// GLO and the sandbox's success number: a pair no other spec buys, as the sandbox refuses a repeat within 30 s
test('Buy again on a receipt fills the form in, and the same purchase seconds later is asked about first', async ({
  page,
}) => {
  await signUpAndFund(page, 'Bola Again', '1000');
  await page.goto('/airtime');
  await page.getByLabel('Phone number').fill('08011111111');
  await page.getByLabel('Operator').selectOption({ label: 'GLO' });
  await page.getByLabel('Amount (NGN)').fill('150');
  await page.getByRole('form', { name: 'Buy airtime' }).locator('button[type="submit"]').click();
  await createPin(page, '4731');
  await expect(page.getByRole('region', { name: 'Transaction Receipt' })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('link', { name: 'View in transactions' }).click();
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt.getByText('Delivered', { exact: true })).toBeVisible();
  await receipt.getByRole('link', { name: 'Buy again' }).click();

  await expect(page).toHaveURL(/\/airtime\?/);
  await expect(page.getByLabel('Operator')).toHaveValue('glo');
  await expect(page.getByLabel('Phone number')).toHaveValue(/^0801\s?111\s?1111$/);
  await expect(page.getByLabel('Amount (NGN)')).toHaveValue('150');
  await page.getByRole('form', { name: 'Buy airtime' }).locator('button[type="submit"]').click();

  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(
    /^You bought ₦150\.00 GLO Airtime to 0801 111 1111 \d+ seconds? ago\. Buy it again\?/,
  );
  await expect(page.getByLabel('Enter your transaction PIN')).toBeHidden();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('form', { name: 'Buy airtime' })).toBeVisible();

  await page.goto('/transactions');
  const purchases = page.getByRole('listitem').filter({ hasText: 'GLO Airtime' });
  await expect(purchases.first()).toBeVisible();
  await expect(purchases).toHaveCount(1);
  await expect(purchases.getByRole('link', { name: 'Buy again: GLO Airtime' })).toBeVisible();
});
