import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './accounts.ts';

/** The two admins the server starts with (an invitation itself now needs a second admin's approval). */
async function signInAsAdmin(page: Page, email = 'admin@e2e.test', password = 'admin password') {
  await page.goto('/Adminlogin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

for (const screen of [
  { name: 'a laptop', width: 1280, height: 800 },
  { name: 'a phone', width: 360, height: 740 },
]) {
  test.describe(`on ${screen.name} (${screen.width}×${screen.height})`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('a credit above the approval limit waits for a second admin, who approves it; the balance shows it', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const customerEmail = uniqueEmail('kemi');
      const customer = await browser.newPage();
      await signUp(customer, 'Kemi Money', customerEmail);
      await customer.close();

      // admin A finds the customer and credits ₦60,000: above the ₦50,000 limit
      await signInAsAdmin(page);
      await page.goto('/admin/users');
      await page.getByLabel('Search users').fill(customerEmail);
      await page.getByRole('button', { name: 'Search' }).click();
      // the list shows only the one customer once the search has answered
      await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(1);
      await page.getByRole('link', { name: 'Edit Kemi Money' }).click();
      await expect(page.getByRole('heading', { name: 'Kemi Money', level: 1 })).toBeVisible();
      const wallet = page.getByRole('region', { name: 'Wallet' });
      await expect(wallet).toContainText('₦0.00');
      await wallet.getByLabel('Amount (₦)').fill('60,000');
      await wallet.getByLabel('Reason').fill('Transfer that reached us without a reference');
      await wallet.getByRole('button', { name: 'Credit wallet' }).click();
      await expect(wallet).toContainText(
        '₦60,000.00 is above the ₦50,000.00 limit: another admin must approve this on the Approvals page.',
      );
      await expect(wallet.getByText('Waiting for a second admin')).toBeVisible();
      await expect(wallet.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
      const userPage = page.url();

      // admin B approves it on the approvals page
      const second = await browser.newContext({ viewport: { width: screen.width, height: screen.height } });
      const checker = await second.newPage();
      await signInAsAdmin(checker, 'checker@e2e.test', 'checker password');
      await checker
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Approvals' })
        .click();
      const waiting = checker.getByRole('table', { name: 'Requests waiting for a second admin' });
      await checker
        .getByRole('button', { name: 'Approve: Wallet credit of ₦60,000.00 for Kemi Money' })
        .click();
      await checker.getByLabel('Note (optional)').fill('Matches the bank statement');
      await checker.getByRole('button', { name: 'Confirm approve' }).click();
      await expect(checker.getByText('Approved: Wallet credit of ₦60,000.00 for Kemi Money.')).toBeVisible();
      await expect(waiting.or(checker.getByText('Nothing is waiting for a second admin.'))).not.toContainText(
        'Kemi Money',
      );
      const decided = checker.getByRole('table', { name: 'Requests decided lately' });
      await expect(decided).toContainText('Kemi Money');
      await expect(decided).toContainText('Approved');
      await second.close();

      // admin A sees the balance
      await page.goto(userPage);
      await expect(page.getByRole('region', { name: 'Wallet' })).toContainText('₦60,000.00');
      await expect(
        page.getByRole('region', { name: 'Wallet' }).getByText('Waiting for a second admin'),
      ).toHaveCount(0);
    });
  });
}
