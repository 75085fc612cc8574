import { expect, test, type Page } from '@playwright/test';

async function signInAsAdmin(page: Page) {
  await page.goto('/Adminlogin');
  await page.getByLabel('Email').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('admin password');
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

const PLAN = 'MTN Data 1GB - 30 Days';

// a markup applies at once; a fixed price waits for a second admin (₦275 plus the markup)
for (const screen of [
  { name: 'a laptop', width: 1280, height: 800, markup: '2', shown: '₦280.50' },
  { name: 'a phone', width: 360, height: 740, markup: '3', shown: '₦283.25' },
]) {
  test.describe(`on ${screen.name} (${screen.width}×${screen.height})`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('an admin changes a plan’s price, is stopped below cost, is told a fixed price needs a second admin, and the new price shows on /data-pricing and the landing page', async ({
      page,
      browser,
    }) => {
      const { shown } = screen;
      await signInAsAdmin(page);
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Prices' })
        .click();
      await expect(page.getByRole('heading', { name: 'Prices and margins', level: 1 })).toBeVisible();
      await page.getByLabel('Search').fill('mtn data');
      const table = page.getByRole('table', { name: 'Prices of MTN Data' });
      await expect(table).toBeVisible();
      await expect(page.getByRole('table', { name: 'Prices of DSTV' })).toHaveCount(0);

      await table.getByRole('button', { name: `Edit the price of ${PLAN}` }).click();
      const editor = page.getByRole('region', { name: `Price of ${PLAN}` });
      await expect(editor).toBeVisible();
      await editor.getByLabel('Rule').selectOption('fixed');

      // below our cost (₦275 less the provider's 2%): refused until the loss is meant
      await editor.getByLabel('Price (NGN)').fill('200');
      await expect(editor.getByText(/below our cost of ₦269\.50/).first()).toBeVisible();
      await editor.getByRole('button', { name: 'Save price' }).click();
      await expect(editor.getByText(/^Error: This sells at ₦200\.00, below our cost/)).toHaveCount(2);

      await expect(editor.getByText('Loses ₦69.50 on each sale')).toBeVisible();

      await editor.getByLabel('Price (NGN)').fill('300');
      await expect(editor.getByText(/below our cost/)).toHaveCount(0);
      await expect(
        editor.getByText('A second admin must approve this price before it applies.'),
      ).toBeVisible();

      await editor.getByLabel('Rule').selectOption('markup');
      await editor.getByLabel('Percent').fill(screen.markup);
      const preview = editor.getByRole('table', { name: 'Preview' });
      await expect(preview).toContainText(shown);
      await expect(editor.getByText('A second admin must approve this price before it applies.')).toHaveCount(
        0,
      );
      await editor.getByLabel('Reason (optional)').fill('browser journey');
      await editor.getByRole('button', { name: 'Save price' }).click();
      await expect(editor.getByText('Saved. The new price applies from the next sale.')).toBeVisible();
      await expect(table.getByRole('row', { name: new RegExp(PLAN) })).toContainText(
        `${screen.markup}% markup`,
      );

      const visitor = await browser.newPage({ viewport: { width: screen.width, height: screen.height } });
      await visitor.goto('/data-pricing');
      const mtn = visitor.getByRole('region', { name: /^MTN/ });
      await expect(mtn.getByRole('definition').filter({ hasText: shown })).toBeVisible();
      await expect(mtn).toContainText(`${PLAN}${shown}`);

      await visitor.goto('/');
      const pricing = visitor.getByRole('region', { name: 'Pricing' });
      await pricing.scrollIntoViewIfNeeded();
      const data = pricing
        .locator('div', { has: visitor.getByRole('heading', { name: 'Data', level: 3 }) })
        .last();
      await expect(data).toContainText(`MTN 1GB${shown}`);
      await expect(pricing).not.toContainText('₦9,000.00');
      await expect(pricing.getByText('Compact', { exact: true })).toBeVisible();
      await visitor.close();
    });
  });
}
