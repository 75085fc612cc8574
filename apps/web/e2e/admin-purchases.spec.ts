import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpAndFund } from './accounts.ts';

// the sandbox VTpass keeps a sale to this number pending for 20 seconds before delivering it
const PENDING_NUMBER = '201000000000';

async function signInAdmin(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const admin = await context.newPage();
  await admin.goto('/Adminlogin');
  await admin.getByLabel('Email').fill('admin@e2e.test');
  await admin.getByLabel('Password').fill('admin password');
  await admin.getByRole('button', { name: /log ?in/i }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  return admin;
}

/** A purchase the provider has not confirmed yet, made as a partner's program would, through the API. */
async function buyPendingAirtime(customer: Page): Promise<string> {
  const pin = await customer.request.post('/api/v1/pin', { data: { pin: '4826' } });
  expect(pin.status()).toBe(200);
  const bought = await customer.request.post('/api/v1/purchases', {
    data: { requestId: randomUUID(), serviceId: 'mtn', phone: PENDING_NUMBER, amount: '300', pin: '4826' },
  });
  expect(bought.status()).toBe(201);
  const { purchase } = (await bought.json()) as { purchase: { status: string; providerRequestId: string } };
  expect(purchase.status).toBe('pending');
  return purchase.providerRequestId;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`an admin finds a stuck purchase, requeries it and refunds it once VTpass says it failed, at ${String(viewport.width)} px`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await signUpAndFund(page, 'Stella Stuck', '1000');
    const admin = await signInAdmin(browser, viewport);
    await admin.getByRole('link', { name: 'Purchases', exact: true }).click();
    await expect(admin.getByRole('heading', { name: 'Purchases' })).toBeVisible();

    const providerRequestId = await buyPendingAirtime(page);
    await admin.getByLabel('Status').selectOption('pending');
    await admin.getByLabel('Phone, smartcard or meter').fill(PENDING_NUMBER);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin).toHaveURL(/number=201000000000/);
    const found = admin.getByRole('table', { name: 'Purchases found' }).getByRole('row').filter({
      hasText: 'Stella Stuck',
    });
    await expect(found).toHaveCount(1);
    await expect(found).toContainText('Pending');
    await expect(found).toContainText('₦300.00');
    await found.getByRole('link', { name: /Open the MTN Airtime purchase/ }).click();

    await expect(admin.getByRole('heading', { name: `MTN Airtime · ${PENDING_NUMBER}` })).toBeVisible();
    await expect(
      admin.getByRole('region', { name: 'Customer' }).getByRole('link', { name: 'Stella Stuck' }),
    ).toBeVisible();
    const timeline = admin.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('Asked VTpass to deliver');

    const resolve = admin.getByRole('region', { name: 'Resolve' });
    await admin.getByRole('button', { name: 'Requery now' }).click();
    await expect(resolve.getByRole('status')).toContainText('VTpass has not finished it yet.');
    await expect(timeline).toContainText('An admin asked VTpass again');
    await expect(timeline).toContainText('admin@e2e.test');

    // VTpass reverses it without calling back: the refund asks VTpass first and follows its word, alone
    const reversed = await page.request.post('/sandbox/vtpass/api/simulate/alter', {
      data: { request_id: providerRequestId, status: 'reversed' },
    });
    expect(reversed.status()).toBe(200);
    await admin.getByRole('button', { name: 'Refund…' }).click();
    await admin.getByLabel('Reason for the refund').fill('VTpass support says it never reached MTN.');
    await admin.getByRole('button', { name: 'Refund ₦300.00' }).click();
    await expect(resolve.getByRole('status')).toContainText(
      'VTpass says it failed: the money is back in the customer’s wallet.',
    );
    await expect(admin.getByText('Failed, refunded').first()).toBeVisible();
    await expect(timeline).toContainText('An admin refunded it');
    await expect(timeline).toContainText('VTpass support says it never reached MTN.');
    await expect(admin.getByRole('button', { name: 'Requery now' })).toHaveCount(0);

    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Wallet balance' })).toContainText('₦1,000.00');
    await admin.context().close();
  });
}
