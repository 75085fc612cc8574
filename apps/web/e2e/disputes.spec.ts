import { expect, test } from '@playwright/test';
import { createPin, signUpAndFund } from './accounts.ts';

const didntGetIt = /I didn.t get it/;

test("a customer says they didn't get their airtime, sees the provider's answer, and later the team's", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpAndFund(page, 'Dami Dispute', '1000');
  await page.goto('/airtime');
  await page.getByLabel('Phone number').fill('08011111111');
  await page.getByLabel('Operator').selectOption({ label: 'MTN' });
  await page.getByRole('button', { name: '₦100', exact: false }).first().click();
  await page.getByRole('form', { name: 'Buy airtime' }).locator('button[type="submit"]').click();
  await createPin(page, '3917');
  await expect(page.getByRole('region', { name: 'Transaction Receipt' })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('link', { name: 'View in transactions' }).click();
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt.getByText('Delivered', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: didntGetIt }).click();
  const form = page.getByRole('form', { name: didntGetIt });
  await expect(form.getByLabel('What happened? (optional)')).toBeFocused();
  await form.getByLabel('What happened? (optional)').fill('No airtime came to my line.');
  await form.getByRole('button', { name: 'Check with the provider' }).click();

  const answer = page.getByRole('status', { name: 'We are looking into it' });
  await expect(answer).toBeVisible({ timeout: 15_000 });
  await expect(answer).toContainText(
    /The provider confirms it delivered this on .+ Our team has your report/,
  );
  await expect(answer).toContainText('You told us: “No airtime came to my line.”');
  await expect(page.getByRole('button', { name: didntGetIt })).toHaveCount(0);
  const receiptUrl = page.url();
  // asking whether there was a report, before there was one, was not a "not found"
  expect(notFound).toEqual([]);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await admin.goto('/Adminlogin');
  await admin.getByLabel('Email').fill('admin@e2e.test');
  await admin.getByLabel('Password').fill('admin password');
  await admin.getByRole('button', { name: /log ?in/i }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Not received' })
    .click();
  const report = admin
    .getByRole('list', { name: 'Open reports' })
    .getByRole('listitem')
    .filter({ hasText: 'Dami Dispute' });
  await expect(report).toHaveCount(1);
  await expect(report.getByRole('heading')).toHaveText(/MTN Airtime.* · 08011111111/);
  await expect(report).toContainText('₦100.00');
  await expect(report).toContainText('“No airtime came to my line.”');
  await expect(report).toContainText('Delivered');
  await report.getByRole('button', { name: /^Close the report on/ }).click();
  const resolution =
    'MTN confirmed the airtime reached 08011111111. Restart the phone and dial *310# to see it.';
  await report.getByLabel('What did you find and do?').fill(resolution);
  await report.getByRole('button', { name: 'Close the report' }).click();
  await expect(admin.getByText('Closed: Dami Dispute will see your answer on their receipt.')).toBeVisible();
  await expect(admin.getByRole('listitem').filter({ hasText: 'Dami Dispute' })).toHaveCount(0);
  await admin.getByRole('link', { name: 'Closed', exact: true }).click();
  await expect(
    admin
      .getByRole('list', { name: 'Closed reports' })
      .getByRole('listitem')
      .filter({ hasText: 'Dami Dispute' }),
  ).toContainText(resolution);

  await context.close();

  // the customer's receipt, open all along, shows the answer without a reload
  expect(page.url()).toBe(receiptUrl);
  const closed = page.getByRole('status', { name: 'Our team looked into it' });
  await expect(closed).toContainText(resolution);
  await expect(page.getByRole('status', { name: 'We are looking into it' })).toHaveCount(0);
});
