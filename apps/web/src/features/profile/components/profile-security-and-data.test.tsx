import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileTexts, type DataExport } from '@quickvend/shared/api/profile';
import { anApiKey, aProfile, apiError, aSignedInSession, aWallet } from '@/lib/testing/mock-api.ts';
import { PARTNER_SINCE, profileApi, renderProfile } from './profile-page-testing.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

function aDataExport(): Wire<DataExport> {
  return {
    exportedAt: '2025-03-12T13:05:10.000Z',
    profile: { ...aProfile(), emailVerified: true, role: 'user' },
    wallet: { balanceKobo: 0, balance: '0.00', breakdown: aWallet(0).body.breakdown },
    statement: [],
    purchases: [],
    payments: [],
    manualDeposits: [],
    referrals: {
      code: 'abc123-XYZ789',
      link: 'http://localhost/signup?ref=abc123-XYZ789',
      rewardKobo: 10_000,
      reward: '100.00',
      earnedKobo: 0,
      earned: '0.00',
      newRewardsKobo: 0,
      referrals: [],
    },
    apiKeys: [],
    sessions: [aSignedInSession()],
    savedNumbers: [],
    transactionPin: { isSet: false },
    notifications: [],
    notificationPreferences: {
      emailPurchases: true,
      emailFunding: true,
      emailReferrals: true,
      smsCredentials: false,
      smsOutcomes: false,
    },
  };
}

describe('password and devices', () => {
  it('puts a wrong current password on its field, then says every other device is signed out', async () => {
    const api = profileApi({
      'POST /api/v1/profile/password': (body) =>
        body.currentPassword === 'ada password'
          ? { body: { ok: true } }
          : apiError(401, 'INVALID_CREDENTIALS', profileTexts.wrongPassword, {
              fields: { currentPassword: profileTexts.wrongPassword },
            }),
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    await user.type(screen.getByLabelText('Current password'), 'guess');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/profile/password')).toHaveLength(0);

    await user.type(screen.getByLabelText('New password'), ' and longer');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(profileTexts.wrongPassword)).toBeTruthy();
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'ada password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(profileTexts.passwordChanged)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/profile/password')[1]?.body).toEqual({
      currentPassword: 'ada password',
      newPassword: 'short and longer',
    });
  });

  it('lists the devices, marks this one, and signs out one or every other', async () => {
    const phone = aSignedInSession({ id: 'ses_phone', device: 'Safari on iPhone', isCurrent: false });
    const laptop = aSignedInSession({ id: 'ses_laptop', device: 'Edge on Windows', isCurrent: false });
    const api = profileApi({
      'GET /api/v1/profile/sessions': { body: { sessions: [aSignedInSession(), phone, laptop] } },
      'DELETE /api/v1/profile/sessions/:id': { body: { ok: true } },
      'POST /api/v1/profile/sessions/sign-out-others': { body: { signedOut: 1 } },
    });
    const { user } = renderProfile();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const current = within(list).getByText('This device').closest('li');
    expect(current?.textContent).toContain('Chrome on Android');
    expect(current?.textContent).toContain('Internet address: 102.89.34.1');
    expect(within(current as HTMLElement).queryByRole('button')).toBeNull();

    api.set('GET /api/v1/profile/sessions', { body: { sessions: [aSignedInSession(), laptop] } });
    await user.click(within(list).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(await screen.findByText('Signed out of Safari on iPhone.')).toBeTruthy();
    expect(api.callsTo('DELETE /api/v1/profile/sessions/:id')[0]?.url).toBe(
      '/api/v1/profile/sessions/ses_phone',
    );
    await waitFor(() => {
      expect(within(list).queryByText('Safari on iPhone')).toBeNull();
    });

    api.set('GET /api/v1/profile/sessions', { body: { sessions: [aSignedInSession()] } });
    await user.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('Signed out of 1 other device.')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Sign out other devices' })).toBeNull();
    });
  });
});

describe('developers', () => {
  it('shows API keys only after partner access is turned on', async () => {
    const api = profileApi({
      'PUT /api/v1/profile/partner-access': (body) => ({
        body: { profile: aProfile({ partnerAccessSince: body.enabled ? PARTNER_SINCE : null }) },
      }),
    });
    const { user } = renderProfile();
    const section = await screen.findByRole('region', { name: 'Developers' });
    expect(
      within(section).getByText(/Partner access lets that system buy from your QuickVend wallet/),
    ).toBeTruthy();
    expect(within(section).queryByRole('heading', { name: 'API keys' })).toBeNull();
    const docs = within(section).getByRole('link', { name: 'API reference and quick start' });
    expect(docs.getAttribute('href')).toBe('/docs/api');
    expect(api.callsTo('GET /api/v1/api-keys')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Turn on partner access' }));
    expect(await within(section).findByRole('heading', { name: 'API keys' })).toBeTruthy();
    expect(within(section).getByText(/Partner access is on \(since 1 Mar 2025/)).toBeTruthy();
    expect(await within(section).findByText('No API keys yet.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/profile/partner-access')[0]?.body).toEqual({ enabled: true });
    expect(within(screen.getByRole('region', { name: 'Your account' })).getByText('Partner')).toBeTruthy();
  });

  it('says why partner access stays on while a key still works', async () => {
    const refusal = profileTexts.partnerAccessKeysActive(1);
    profileApi({
      'GET /api/v1/profile': { body: { profile: aProfile({ partnerAccessSince: PARTNER_SINCE }) } },
      'GET /api/v1/api-keys': { body: { apiKeys: [anApiKey()] } },
      'PUT /api/v1/profile/partner-access': apiError(409, 'CONFLICT', refusal),
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Turn off partner access' }));
    expect(await screen.findByText(`Error: ${refusal}`)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Your API keys' })).toBeTruthy();
  });
});

describe('test keys', () => {
  it('shows the test balance, adds free test money, and marks test keys', async () => {
    const api = profileApi({
      'GET /api/v1/profile': { body: { profile: aProfile({ partnerAccessSince: PARTNER_SINCE }) } },
      'GET /api/v1/api-keys': {
        body: { apiKeys: [anApiKey({ id: 'key_2', name: 'Sandbox', mode: 'test', prefix: 'qv_test_Zx9a' })] },
      },
      'GET /api/v1/test-balance': { body: { balanceKobo: 150_000, balance: '1500.00', currency: 'NGN' } },
      'POST /api/v1/test-balance/top-up': {
        body: { balanceKobo: 650_000, balance: '6500.00', currency: 'NGN' },
      },
    });
    const { user } = renderProfile();
    const section = await screen.findByRole('region', { name: 'Test balance' });
    expect(await within(section).findByText('₦1,500.00')).toBeTruthy();
    expect(within(section).getByText(/Test keys spend this balance, not your wallet/)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Your API keys' })).getByText('Test key')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Add ₦5,000.00 test money' }));
    expect(await within(section).findByText('Done. Your test balance is now ₦6,500.00.')).toBeTruthy();
    expect(within(section).getByText('₦6,500.00')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/test-balance/top-up')[0]?.body).toEqual({ amount: 5000 });
  });
});

describe('your data', () => {
  it('downloads the data from the server, says how often it may, and why a download was refused', async () => {
    const refusal = profileTexts.exportLimited(42);
    const api = profileApi({ 'GET /api/v1/profile/export': apiError(429, 'RATE_LIMITED', refusal) });
    const { user } = renderProfile();
    expect(await screen.findByText(/You can download it 3 times an hour/)).toBeTruthy();
    expect(screen.getByText(/Nigeria's Data Protection Act/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(`Error: ${refusal}`)).toBeTruthy();

    const saved: HTMLAnchorElement[] = [];
    const createObjectURL = vi.fn((_file: Blob) => 'blob:my-data');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
    try {
      api.set('GET /api/v1/profile/export', { body: aDataExport() });
      await user.click(screen.getByRole('button', { name: 'Download my data' }));
      await vi.waitFor(() => {
        expect(saved).toHaveLength(1);
      });
      expect(saved[0]?.href).toBe('blob:my-data');
      expect(saved[0]?.download).toMatch(/\.json$/);
      expect(JSON.parse(await (createObjectURL.mock.calls[0]?.[0] ?? new Blob()).text())).toEqual(
        aDataExport(),
      );
      expect(screen.queryByText(`Error: ${refusal}`)).toBeNull();
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('closes the account with the password once the server agrees, then leaves the signed-in pages', async () => {
    const refusal = profileTexts.closeBalance('₦1,200.00');
    const api = profileApi({ 'POST /api/v1/profile/close': apiError(409, 'CONFLICT', refusal) });
    const { user, router, queryClient } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Close my account' }));
    const form = screen.getByRole('form', { name: 'Close your account' });
    expect(within(form).getByText(/Closing is permanent/)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Close my account for good' }));
    expect(await within(form).findByText('Enter your password.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Your password'), 'ada password');
    await user.click(within(form).getByRole('button', { name: 'Close my account for good' }));
    expect(await within(form).findByText(`Error: ${refusal}`)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');

    api.set('POST /api/v1/profile/close', { body: { ok: true } });
    await user.click(within(form).getByRole('button', { name: 'Close my account for good' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(queryClient.getQueryData(['me'])).toBeNull();
    expect(api.callsTo('POST /api/v1/profile/close')[1]?.body).toEqual({ password: 'ada password' });
  });
});

describe('closing the account with money left', () => {
  it('sends the customer to support only when the business has said how to reach it', async () => {
    profileApi();
    const view = renderProfile();
    await view.user.click(await screen.findByRole('button', { name: 'Close my account' }));
    const form = screen.getByRole('form', { name: 'Close your account' });
    expect(within(form).getByText(/Spend what is left on airtime, data or a bill first\./)).toBeTruthy();
    expect(form.textContent).not.toMatch(/support/i);
    view.unmount();

    profileApi({
      'GET /api/v1/meta': {
        body: {
          productName: 'QuickVend',
          mode: 'sandbox',
          minFundingKobo: 10_000,
          support: { phone: '0801 234 5678', email: null, whatsappUrl: null, links: [] },
        },
      },
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Close my account' }));
    expect(
      await screen.findByText(/or ask support to send it to your bank: call 0801 234 5678\./),
    ).toBeTruthy();
  });
});
