import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './accounts.ts';

const SUSPENDED = 'This account has been suspended. Please contact support.';

async function adminSignIn(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/Adminlogin');
  await page.getByLabel('Email').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('admin password');
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('an admin finds a customer, opens them, suspends them with a reason, and the customer is shut out', async ({
      page: customer,
      browser,
    }) => {
      const email = uniqueEmail('suspect');
      await signUp(customer, 'Sunday Suspect', email);

      const admin = await adminSignIn(browser, viewport);
      await admin
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Users' })
        .click();
      await expect(admin).toHaveURL(/\/admin\/users$/);
      await admin.getByLabel('Search users').fill(email);
      await admin.getByRole('button', { name: 'Search' }).click();
      const table = admin.getByRole('table', { name: 'All users' });
      await expect(table.getByText(email)).toBeVisible();
      // the header row and the one customer
      await expect(table.getByRole('row')).toHaveCount(2);

      await table.getByRole('link', { name: 'Edit Sunday Suspect' }).click();
      await expect(admin.getByRole('heading', { name: 'Sunday Suspect', level: 1 })).toBeVisible();
      await expect(admin.getByRole('heading', { name: 'Statement' })).toBeVisible();

      await admin.getByRole('button', { name: 'Suspend' }).click();
      await admin.getByRole('button', { name: 'Confirm suspension' }).click();
      await expect(admin.getByText('Give a reason: it is kept in the audit log.')).toBeVisible();
      await admin.getByLabel('Why suspend Sunday Suspect?').fill('Chargebacks reported by the bank');
      await admin.getByRole('button', { name: 'Confirm suspension' }).click();
      await expect(admin.getByText('Sunday Suspect is suspended.')).toBeVisible();
      await expect(admin.getByRole('note')).toContainText('Chargebacks reported by the bank');
      await expect(admin.getByRole('button', { name: 'Restore account' })).toBeVisible();

      // back in the list, the filter for suspended accounts shows them
      await admin.getByRole('link', { name: '← All users' }).click();
      await admin.getByLabel('Status').selectOption('suspended');
      await expect(admin.getByRole('table', { name: 'All users' }).getByText(email)).toBeVisible();

      // the customer's session ended at once; signing in again says why
      await customer.reload();
      await expect(customer).toHaveURL(/\/login$/);
      await customer.getByLabel('Email').fill(email);
      await customer.getByLabel('Password').fill('e2e password 1');
      await customer.getByRole('button', { name: /log ?in/i }).click();
      await expect(customer.getByText(SUSPENDED)).toBeVisible();
      await expect(customer).toHaveURL(/\/login$/);
      await admin.context().close();
    });
  });
}
