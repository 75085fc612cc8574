import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createPin, signUpAndFund } from './accounts.ts';

async function buyAirtime(page: Page) {
  await page.goto('/airtime');
  await page.getByLabel('Phone number').fill('08011111111');
  await page.getByLabel('Operator').selectOption({ label: 'MTN' });
  await page.getByRole('button', { name: '₦100', exact: false }).first().click();
  await page.getByRole('button', { name: 'Buy airtime' }).click();
  await createPin(page, '4826');
  await expect(page.getByRole('region', { name: 'Transaction Receipt' })).toBeVisible({ timeout: 15_000 });
}

async function signInAsAdmin(page: Page) {
  await page.goto('/Adminlogin');
  await page.getByLabel('Email').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('admin password');
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

for (const screen of [
  { name: 'a laptop', width: 1280, height: 800 },
  { name: 'a phone', width: 360, height: 740 },
]) {
  test.describe(`on ${screen.name} (${screen.width}×${screen.height})`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test("an admin sees today's sales on the home, reads them by week, downloads the CSV and filters the audit log", async ({
      page,
      browser,
    }) => {
      // a customer's whole purchase, then the admin's round: longer than one journey's default
      test.setTimeout(90_000);
      const customer = await browser.newPage();
      await signUpAndFund(customer, 'Remi Reports', '1000');
      await buyAirtime(customer);
      await customer.close();

      await signInAsAdmin(page);
      const sales = page.getByRole('region', { name: "Today's sales" });
      await expect(sales).toContainText(/₦[1-9][\d,]*\.\d\d/);
      await expect(sales).toContainText(/Margin ₦[\d,]+\.\d\d · \d+ purchases? delivered/);
      await expect(page.getByRole('region', { name: 'Manual deposits waiting' })).toContainText(/deposits?/);

      await sales.getByRole('link', { name: 'Open reports' }).click();
      await expect(page).toHaveURL(
        /\/admin\/reports\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&period=day$/,
      );
      await expect(page.getByRole('table', { name: 'Sales per day' })).toContainText('Total');
      await expect(page.getByRole('img', { name: /^Sales and margin per day/ })).toBeVisible();

      await page.getByRole('button', { name: 'Last 30 days' }).click();
      await page.getByLabel('Period').selectOption('week');
      await expect(page).toHaveURL(/period=week/);
      const weekly = page.getByRole('table', { name: 'Sales per week' });
      await expect(weekly).toContainText('Week of');
      await expect(page.getByRole('img', { name: /^Sales and margin per week/ })).toBeVisible();

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download sales CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-by-week\.csv$/);
      const csv = await readFile(await file.path(), 'utf8');
      // a spreadsheet reads the file as UTF-8, ₦ and all, by this mark
      expect(csv.startsWith('\uFEFF')).toBe(true);
      expect(csv.slice(1).split('\r\n')[0]).toBe(
        'Period,Starts,Purchases,Delivered,Failed,Pending,Sales (NGN),Cost (NGN),Margin (NGN),Refunds (NGN),Failure rate (%)',
      );
      expect(csv).toMatch(/\r\nTotal,\d{4}-\d{2}-\d{2},[1-9]\d*,/);

      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Audit log' })
        .click();
      await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
      await page.getByLabel('Who').fill('cli');
      await page.getByLabel('Action').fill('user.create');
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect(page).toHaveURL(/\/admin\/audit\?actor=cli&action=user\.create$/);
      const log = page.getByRole('table', { name: 'Audit log' });
      await expect(log).toContainText('Command line (cli:');
      await expect(log).toContainText('user.create');
      await expect(log.getByRole('link', { name: /^User …/ }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
        'href',
        '/api/v1/admin/audit.csv?actor=cli&action=user.create',
      );

      await page.getByLabel('Action').fill('nothing.like.this');
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect(page.getByText('No audited actions match these filters.')).toBeVisible();
    });
  });
}
