import { expect, test } from '@playwright/test';
import { createPin, signUpAndFund } from './accounts.ts';

test.use({ viewport: { width: 360, height: 740 } });

// Eko and the sandbox's prepaid meter, Jos and its postpaid meter: pairs no other spec buys, as the sandbox
// refuses a repeat within 30 s
test('meters bought for are saved with their verified name and meter type, picked on the electricity page, and bought again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpAndFund(page, 'Nkem Saved', '5000');
  await page.goto('/electricity');
  // nothing saved yet: no picker
  await expect(page.getByRole('form', { name: 'Pay for electricity' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Saved meters' })).toBeHidden();
  await page.getByLabel('Distributor').selectOption({ label: 'Eko' });
  await page.getByLabel('Meter number').fill('1111111111111');
  await page.getByRole('button', { name: 'Verify Meter Number' }).click();
  await expect(page.getByRole('region', { name: 'Meter verified' })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Phone number').fill('08011111111');
  await page.getByLabel('Amount (NGN)').fill('1000');
  await page.getByRole('button', { name: 'Buy electricity' }).click();
  await createPin(page, '6184');
  await expect(page.getByRole('region', { name: 'Transaction Receipt' })).toBeVisible({ timeout: 15_000 });

  // a postpaid meter, saved under the name the customer gives it
  await page.goto('/electricity');
  await expect(page.getByRole('region', { name: 'Saved meters' })).toBeVisible();
  await page.getByLabel('Distributor').selectOption({ label: 'Jos' });
  await page.getByText('Postpaid', { exact: true }).click();
  await page.getByLabel('Meter number').fill('1010101010101');
  await page.getByRole('button', { name: 'Verify Meter Number' }).click();
  await expect(page.getByRole('region', { name: 'Meter verified' })).toContainText('TESTMETER2', {
    timeout: 15_000,
  });
  await page.getByLabel('Phone number').fill('08011111111');
  await page.getByLabel('Amount (NGN)').fill('1500');
  await page.getByRole('checkbox', { name: 'Save this meter' }).check();
  await page.getByLabel('Name it').fill('Office');
  await page.getByRole('button', { name: 'Buy electricity' }).click();
  await page.getByLabel('Enter your transaction PIN').fill('6184');
  await expect(page.getByRole('region', { name: 'Transaction Receipt' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Saved as “Office”. Pick it here next time.')).toBeVisible();

  await page.goto('/account');
  await page.getByRole('link', { name: /Saved numbers/ }).click();
  await expect(page).toHaveURL(/\/beneficiaries$/);
  const meters = page.getByRole('region', { name: 'Meters' });
  await expect(meters.getByText('TESTMETER1', { exact: true })).toBeVisible();
  await expect(meters.getByText('1111111111111 · Eko Electricity · Prepaid')).toBeVisible();
  await expect(meters.getByText('Office', { exact: true })).toBeVisible();
  await expect(meters.getByText('1010101010101 · Jos Electricity · Postpaid')).toBeVisible();
  const office = meters.getByRole('listitem').filter({ hasText: 'Office' });
  await office.getByRole('link', { name: 'Buy electricity' }).click();
  await expect(page).toHaveURL(/\/electricity\?/);
  await expect(page.getByLabel('Distributor')).toHaveValue('jos-electric');
  await expect(page.getByLabel('Meter number')).toHaveValue('1010101010101');
  await expect(page.getByRole('radio', { name: 'Postpaid' })).toBeChecked();

  await page.goto('/electricity');
  const saved = page.getByRole('region', { name: 'Saved meters' });
  await saved.getByRole('button', { name: 'Office, 1010101010101' }).click();
  await expect(page.getByLabel('Distributor')).toHaveValue('jos-electric');
  await expect(page.getByRole('radio', { name: 'Postpaid' })).toBeChecked();
  await saved.getByRole('button', { name: 'TESTMETER1, 1111111111111' }).click();
  await expect(page.getByLabel('Distributor')).toHaveValue('eko-electric');
  await expect(page.getByLabel('Meter number')).toHaveValue('1111111111111');
  await expect(page.getByRole('radio', { name: 'Prepaid' })).toBeChecked();
  await expect(saved.getByRole('button', { name: 'TESTMETER1, 1111111111111' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Verify Meter Number' }).click();
  await expect(page.getByRole('region', { name: 'Meter verified' })).toContainText('TESTMETER1', {
    timeout: 15_000,
  });
  // already saved: nothing to tick
  await expect(page.getByRole('checkbox', { name: 'Save this meter' })).toBeHidden();

  await page.goto('/transactions');
  const card = page.getByRole('listitem').filter({ hasText: '1111111111111' }).first();
  await card.getByRole('link', { name: /^(?!Buy again)/ }).click();
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt.getByText('Delivered', { exact: true })).toBeVisible();
  await receipt.getByRole('link', { name: 'Buy again' }).click();

  await expect(page).toHaveURL(/\/electricity\?/);
  await expect(page.getByLabel('Distributor')).toHaveValue('eko-electric');
  await expect(page.getByLabel('Meter number')).toHaveValue('1111111111111');
  await expect(page.getByRole('radio', { name: 'Prepaid' })).toBeChecked();
  await page.getByRole('button', { name: 'Verify Meter Number' }).click();
  await expect(page.getByRole('region', { name: 'Meter verified' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Amount (NGN)')).toHaveValue('1000');
  await expect(page.getByLabel('Phone number')).toHaveValue(/^0801\s?111\s?1111$/);
  await page.getByRole('button', { name: 'Buy electricity' }).click();
  // the same purchase moments ago is asked about first; either way the PIN is still asked
  const question = page.getByRole('alertdialog');
  const pin = page.getByLabel('Enter your transaction PIN');
  await expect(question.or(pin)).toBeVisible();
  if (await question.isVisible()) await question.getByRole('button', { name: 'Buy again' }).click();
  await expect(pin).toBeVisible();
});
