import { expect, test, type Locator, type Page } from '@playwright/test';
import { createPin, signUpAndFund } from './accounts.ts';

/**
 * Buys ₦100 of airtime for `phone` with a new PIN; the sandbox answers by the number (providers.md §1.9) and
 * refuses the same network and number twice within 30 s, so each test uses a pair no other spec buys.
 */
async function buyAirtime(page: Page, operator: string, phone: string, pin: string) {
  await page.goto('/airtime');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Operator').selectOption({ label: operator });
  await page.getByRole('button', { name: '₦100', exact: false }).first().click();
  await page.getByRole('form', { name: 'Buy airtime' }).locator('button[type="submit"]').click();
  await createPin(page, pin);
}

/** The value beside a label on a receipt. */
function fact(receipt: Locator, label: string): Locator {
  return receipt
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test.beforeEach(async ({ page }) => {
  // the phone's share sheet, stubbed: keeps what it was given for the test to read
  await page.addInitScript(() => {
    const shared: { name: string; type: string; size: number }[] = [];
    const files: File[] = [];
    Object.assign(window, { sharedFiles: shared, sharedFileObjects: files });
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data: ShareData) => (data.files?.length ?? 0) > 0,
    });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        for (const file of data.files ?? []) {
          shared.push({ name: file.name, type: file.type, size: file.size });
          files.push(file);
        }
        return Promise.resolve();
      },
    });
  });
});

/** The last picture shared, as the browser decodes it: its size in pixels and bytes, and the PNG in base64. */
function lastSharedPicture(page: Page) {
  return page.evaluate(async () => {
    const files = (window as unknown as { sharedFileObjects: File[] }).sharedFileObjects;
    const file = files.at(-1);
    if (!file) return null;
    const bitmap = await createImageBitmap(file);
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return { width: bitmap.width, height: bitmap.height, size: file.size, png: btoa(binary) };
  });
}

test('a delivered purchase ends on a compact receipt that is shared as a picture', async ({ page }) => {
  const complaints: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) complaints.push(`404 ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(message.text());
  });
  await signUpAndFund(page, 'Rita Receipt', '1000');
  await buyAirtime(page, 'Airtel', '08011111111', '4826');

  const result = page.getByRole('region', { name: 'Transaction Receipt' });
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(result.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(fact(result, 'Amount charged')).toHaveText('₦100.00');

  await page.getByRole('link', { name: 'View in transactions' }).click();
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(fact(receipt, 'Amount charged')).toHaveText('₦100.00');
  await expect(fact(receipt, 'What')).toHaveText('Airtel Airtime');
  await expect(fact(receipt, 'Phone number')).toHaveText('08011111111');
  await expect(fact(receipt, 'Balance after')).toHaveText('₦900.00');
  await expect(fact(receipt, 'Date \\(Lagos time\\)')).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
  // the rest is folded, and nothing internal shows
  await expect(receipt.getByText('Transaction ID')).toBeHidden();
  await expect(receipt).not.toContainText(/Request id|Platform|purchase:pur_|TRANSACTION/);

  // whoever gets the picture does not see the wallet's balance unless the customer ticks it
  await expect(receipt.getByRole('checkbox', { name: 'Show my balance on the picture' })).not.toBeChecked();
  await receipt.getByRole('button', { name: 'Share receipt' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sharedFiles: unknown[] }).sharedFiles))
    .toEqual([
      {
        name: expect.stringMatching(/^quickvend-receipt-.*\.png$/),
        type: 'image/png',
        size: expect.any(Number),
      },
    ]);
  const [file] = await page.evaluate(
    () => (window as unknown as { sharedFiles: { size: number }[] }).sharedFiles,
  );
  expect(file?.size).toBeGreaterThan(1_000);
  const picture = await lastSharedPicture(page);
  await test.info().attach('shared receipt', {
    body: Buffer.from(picture?.png ?? '', 'base64'),
    contentType: 'image/png',
  });
  // twice a 360 px phone's width, and small enough to send on a poor connection
  expect(picture?.width).toBe(720);
  expect(picture?.size).toBeLessThan(60_000);

  await receipt.getByRole('checkbox', { name: 'Show my balance on the picture' }).check();
  await receipt.getByRole('button', { name: 'Share receipt' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sharedFiles: unknown[] }).sharedFiles.length))
    .toBe(2);
  const withBalance = await lastSharedPicture(page);
  // one more line on the picture: the balance after
  expect(withBalance?.height).toBeGreaterThan(picture?.height ?? Infinity);
  // an ordinary receipt asks whether there is a report and is told there is none: nothing is "not found"
  expect(complaints).toEqual([]);
});

test('a failed purchase shows the refund and a balance after equal to the balance at the top', async ({
  page,
}) => {
  await signUpAndFund(page, 'Femi Failed', '1000');
  // any number but the sandbox's own fails at the provider
  await buyAirtime(page, 'MTN', '08031234567', '5937');

  const result = page.getByRole('region', { name: 'Transaction Receipt' });
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Error: /).first()).toBeVisible();
  await expect(result.getByText('Your ₦100.00 is back in your wallet.')).toBeVisible();
  await expect(fact(result, 'Refunded')).toHaveText('₦100.00');
  await expect(result).not.toContainText(/Amount charged|TRANSACTION FAILED/);

  await page.getByRole('link', { name: 'View in transactions' }).click();
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(fact(receipt, 'Refunded')).toHaveText('₦100.00');
  const balanceAfter = await fact(receipt, 'Balance after').textContent();
  expect(balanceAfter).toBe('₦1,000.00');
  // the top bar's live balance reads the same
  await expect(page.getByRole('banner')).toContainText(`Balance: ${balanceAfter ?? ''}`);
});
