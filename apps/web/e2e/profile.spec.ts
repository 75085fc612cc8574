import { expect, test } from '@playwright/test';
import { confirmEmail, signUp, uniqueEmail } from './accounts.ts';

test('a customer edits their details, changes the password (another phone is signed out) and turns on partner access to see Developers', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('chidi');
  await signUp(page, 'Chidi Okafor', email);
  await page.getByRole('navigation', { name: 'Main tabs' }).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('link', { name: /^Profile and security/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Account' }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Edit details' }).click();
  const form = page.getByRole('form', { name: 'Edit your details' });
  await form.getByLabel('Full name').fill('Chidi Okafor Jr');
  await form.getByLabel('Phone number').fill('+2348031234567');
  const birthday = form.getByRole('group', { name: 'Birthday' });
  await birthday.getByLabel('Day').selectOption('15');
  await birthday.getByLabel('Month').selectOption('July');
  await birthday.getByLabel('Year').fill('1992');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  const details = page.getByRole('tabpanel', { name: 'Profile' });
  await expect(details.getByText('Chidi Okafor Jr', { exact: true })).toBeVisible();
  await expect(details.getByText('0803 123 4567')).toBeVisible();
  await expect(details.getByText('15 Jul 1992')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Profile' }).getByText('0803 123 4567')).toBeVisible();

  // the same customer on another phone
  const otherContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const other = await otherContext.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill('e2e password 1');
  await other.getByRole('button', { name: /log ?in/i }).click();
  await expect(other).toHaveURL(/\/dashboard$/);

  await page.reload();
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('This device')).toHaveCount(1);

  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill('e2e password 1');
  await page.getByLabel('New password').fill('a new e2e password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByText('Your password is changed. Every other device has been signed out.'),
  ).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await other.goto('/wallet');
  await expect(other).toHaveURL(/\/login$/);
  await otherContext.close();

  const developers = page.getByRole('region', { name: 'Developers' });
  await expect(developers.getByRole('heading', { name: 'API keys' })).toHaveCount(0);
  await expect(developers.getByRole('button', { name: 'Turn on partner access' })).toHaveCount(0);
  await confirmEmail(page, email);
  await page.goto('/profile');
  await developers.getByRole('button', { name: 'Turn on partner access' }).click();
  await expect(developers.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await expect(developers.getByText('No API keys yet.')).toBeVisible();
  await developers.getByLabel('Key name').fill('My shop');
  await developers.getByLabel('Your password').fill('a new e2e password');
  await developers.getByRole('button', { name: 'Create key' }).click();
  await expect(developers.getByLabel('Your new API key')).toHaveValue(/^qv_/);

  // still signed in with the new password after all that
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your account' }).getByText('Chidi Okafor Jr')).toBeVisible();
});
