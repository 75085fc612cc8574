import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileTexts, type DataExport } from '@quickvend/shared/api/profile';
import { messages } from '@quickvend/shared/messages';
import {
  anApiKey,
  aProfile,
  apiError,
  aSignedInSession,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  signedOut,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderRoutes } from '@/lib/testing/render.tsx';
import { ChangePinPage } from './change-pin-page.tsx';
import { ConfirmEmailPage } from './confirm-email-page.tsx';
import { pinSectionTexts } from './pin-section.tsx';
import { ProfilePage } from './profile-page.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

const tooEasy = 'That PIN is too easy to guess. Choose 4 digits that are not a pattern.';
const PARTNER_SINCE = '2025-03-01T09:00:00.000Z';

function profileApi(overrides: MockHandlers = {}, email = 'ada@example.com') {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ email }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/pin': { body: { hasPin: false, lockedUntil: null } },
    'GET /api/v1/api-keys': { body: { apiKeys: [] } },
    'GET /api/v1/profile': { body: { profile: aProfile({ email }) } },
    'GET /api/v1/profile/sessions': { body: { sessions: [aSignedInSession()] } },
    'POST /api/v1/pin': apiError(400, 'VALIDATION_FAILED', tooEasy),
    ...overrides,
  });
}

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
    },
  };
}

const renderProfile = (path = '/profile') =>
  renderRoutes(
    [
      { path: '/profile', element: <ProfilePage notificationsTab={<p>Your notifications here</p>} /> },
      { path: '/', element: <p>Home page</p> },
    ],
    path,
  );

describe('setting a PIN on the profile', () => {
  it('never keeps a refused "too easy" answer beside "do not match"', async () => {
    profileApi();
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('New PIN'), '1111');
    await user.type(screen.getByLabelText('New PIN again'), '1111');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText(`Error: ${tooEasy}`)).toBeTruthy();

    await user.clear(screen.getByLabelText('New PIN'));
    await user.type(screen.getByLabelText('New PIN'), '4826');
    await user.clear(screen.getByLabelText('New PIN again'));
    await user.type(screen.getByLabelText('New PIN again'), '4862');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText('The two PINs do not match.')).toBeTruthy();
    expect(screen.queryByText(`Error: ${tooEasy}`)).toBeNull();
  });

  it('clears a refused answer as soon as the PINs are typed again', async () => {
    profileApi();
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('New PIN'), '1111');
    await user.type(screen.getByLabelText('New PIN again'), '1111');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    await screen.findByText(`Error: ${tooEasy}`);
    await user.type(screen.getByLabelText('New PIN'), '{Backspace}');
    expect(screen.queryByText(`Error: ${tooEasy}`)).toBeNull();
  });
});

describe('the transaction PIN on the profile', () => {
  it('says the PIN is set and keeps saying it once the form turns into the change form', async () => {
    const api = profileApi({ 'POST /api/v1/pin': { body: { hasPin: true, lockedUntil: null } } });
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('New PIN'), '4826');
    await user.type(screen.getByLabelText('New PIN again'), '4826');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));

    const section = screen.getByRole('region', { name: 'Transaction PIN' });
    expect(await within(section).findByRole('button', { name: 'Change PIN' })).toBeTruthy();
    expect(within(section).getByText(pinSectionTexts.set)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/pin')[0]?.body).toEqual({ pin: '4826' });
  });

  it('opened at #transaction-pin (the first steps on the dashboard), puts the focus in the new PIN', async () => {
    profileApi();
    renderProfile('/profile#transaction-pin');
    const pin = await screen.findByLabelText('New PIN');
    await waitFor(() => {
      expect(document.activeElement).toBe(pin);
    });
  });
});

describe('choosing a new PIN from the mailed link', () => {
  it('never keeps a refused answer beside "do not match"', async () => {
    mockApi({
      'GET /api/v1/session': { body: { user: null } },
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/pin/reset': apiError(400, 'VALIDATION_FAILED', tooEasy),
    });
    const { user } = renderRoutes([{ path: '/', element: <ChangePinPage /> }], '/?token=tok_1');
    await user.type(await screen.findByLabelText('Account password'), 'my password 1');
    await user.type(screen.getByLabelText('New PIN'), '1111');
    await user.type(screen.getByLabelText('New PIN again'), '1111');
    await user.click(screen.getByRole('button', { name: 'Save new PIN' }));
    expect(await screen.findByText(`Error: ${tooEasy}`)).toBeTruthy();

    await user.clear(screen.getByLabelText('New PIN again'));
    await user.type(screen.getByLabelText('New PIN again'), '1112');
    await user.click(screen.getByRole('button', { name: 'Save new PIN' }));
    expect(await screen.findByText('The two PINs do not match.')).toBeTruthy();
    expect(screen.queryByText(`Error: ${tooEasy}`)).toBeNull();
  });
});

describe('the profile details', () => {
  it('lets a long email wrap after the @, never in the middle of a word first', async () => {
    const long = 'adaobi.nwosu-okonkwo.business@quickvend-example.com.ng';
    profileApi({}, long);
    renderProfile();
    const email = await screen.findByTestId('profile-email');
    expect(email.textContent).toBe(long);
    expect(email.querySelector('wbr')?.previousSibling?.textContent).toBe('adaobi.nwosu-okonkwo.business@');
    // the value has the card's whole width, not a narrow grid column beside its label
    expect(email.closest('dl')?.className).not.toMatch(/grid-cols/);
  });

  it('shows a breadcrumb, the profile card and two tabs, the second one the content it is given', async () => {
    profileApi({
      'GET /api/v1/profile': {
        body: {
          profile: aProfile({
            phone: '08031234567',
            birthday: '1994-02-28',
            partnerAccessSince: PARTNER_SINCE,
          }),
        },
      },
    });
    const { user, router } = renderProfile();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    const card = await screen.findByRole('region', { name: 'Your account' });
    expect(await within(card).findByText('Ada Obi')).toBeTruthy();
    expect(within(card).getByText(/Customer since March 2025/)).toBeTruthy();
    expect(within(card).getByText('Partner')).toBeTruthy();

    const details = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(details).getByText('0803 123 4567')).toBeTruthy();
    expect(within(details).getByText('28 Feb 1994')).toBeTruthy();
    expect(within(details).getByText('http://localhost/signup?ref=abc123-XYZ789')).toBeTruthy();

    const notifications = screen.getByRole('tab', { name: 'Notifications' });
    expect(notifications.getAttribute('aria-selected')).toBe('false');
    await user.click(notifications);
    expect(screen.getByRole('tabpanel', { name: 'Notifications' }).textContent).toBe(
      'Your notifications here',
    );
    expect(router.state.location.search).toBe('?tab=notifications');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Profile' }));
  });

  it('saves name, phone and birthday; the phone in any Nigerian form, a birthday to come refused first', async () => {
    const api = profileApi({
      'PUT /api/v1/profile': (body) => ({
        body: {
          profile: aProfile({ name: body.name, phone: '08031234567', birthday: body.birthday || null }),
        },
      }),
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Edit your details' });
    await user.clear(within(form).getByLabelText('Full name'));
    await user.type(within(form).getByLabelText('Full name'), 'Adaobi Obi');
    await user.type(within(form).getByLabelText('Phone number'), '+2348031234567');
    expect(within(form).getByLabelText<HTMLInputElement>('Phone number').value).toBe('+234 803 123 4567');
    const birthday = within(form).getByRole('group', { name: 'Birthday' });
    await user.selectOptions(within(birthday).getByLabelText('Day'), '28');
    await user.selectOptions(within(birthday).getByLabelText('Month'), 'February');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    const refusal = await within(birthday).findByText(profileTexts.birthdayInvalid);
    // in the words of the boxes on screen, never a YYYY-MM-DD nobody types here
    expect(refusal.textContent).toMatch(/day.+month.+year/);
    expect(refusal.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await user.type(within(birthday).getByLabelText('Year'), '2999');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(profileTexts.birthdayInvalid)).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/profile')).toHaveLength(0);

    await user.clear(within(birthday).getByLabelText('Year'));
    await user.type(within(birthday).getByLabelText('Year'), '1994');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your details are saved.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/profile')[0]?.body).toEqual({
      name: 'Adaobi Obi',
      phone: '08031234567',
      birthday: '1994-02-28',
    });
    expect(screen.getByText('Adaobi Obi', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('28 Feb 1994')).toBeTruthy();
  });

  it('puts a refused phone number on its field', async () => {
    profileApi({
      'PUT /api/v1/profile': apiError(400, 'VALIDATION_FAILED', 'Invalid input.', {
        fields: { phone: messages.purchase.invalidNigerianPhone },
      }),
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    await user.type(screen.getByLabelText('Phone number'), '0803123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(messages.purchase.invalidNigerianPhone)).toBeTruthy();
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the password and says a link is on its way; the email shown stays the same', async () => {
    const api = profileApi({
      'POST /api/v1/profile/email': (body) => ({ status: 202, body: { sentTo: body.email.toLowerCase() } }),
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const form = screen.getByRole('form', { name: 'Change your email' });
    await user.type(within(form).getByLabelText('New email'), 'ada.new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send link' }));
    expect(await within(form).findByText('Enter your password.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Your password'), 'ada password');
    await user.click(within(form).getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(profileTexts.emailLinkSent('ada.new@example.com'))).toBeTruthy();
    expect(api.callsTo('POST /api/v1/profile/email')[0]?.body).toEqual({
      email: 'ada.new@example.com',
      password: 'ada password',
    });
    expect(screen.getByTestId('profile-email').textContent).toBe('ada@example.com');
  });

  it.each([
    [apiError(404, 'NOT_FOUND', 'User details not found.'), messages.profile.notFound],
    [apiError(500, 'INTERNAL', 'Oops'), messages.profile.fetchFailed],
  ])('says so in the spec’s words when the details cannot be read', async (reply, text) => {
    profileApi({ 'GET /api/v1/profile': reply });
    renderProfile();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('says the user is not logged in when the session is gone', async () => {
    profileApi({ 'GET /api/v1/session': signedOut });
    renderProfile();
    expect(await screen.findByText(messages.profile.notLoggedIn)).toBeTruthy();
  });
});

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

describe('confirming a new email from the mailed link', () => {
  it('changes it only when the button is tapped, signed out too', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/profile/email/confirm': { body: { email: 'ada.new@example.com', changed: true } },
    });
    const { user } = renderRoutes(
      [{ path: '/confirm-email', element: <ConfirmEmailPage /> }],
      '/confirm-email?token=tok_1',
    );
    const button = await screen.findByRole('button', { name: 'Confirm my email' });
    expect(api.callsTo('POST /api/v1/profile/email/confirm')).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByText(profileTexts.emailChanged('ada.new@example.com'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in with your new email' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(api.callsTo('POST /api/v1/profile/email/confirm')[0]?.body).toEqual({ token: 'tok_1' });
  });

  it('says a stale link is no good and where to get another', async () => {
    mockApi({
      'GET /api/v1/session': { body: { user: aUser() } },
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/profile/email/confirm': apiError(400, 'INVALID_TOKEN', profileTexts.emailLinkInvalid),
    });
    const { user } = renderRoutes(
      [{ path: '/confirm-email', element: <ConfirmEmailPage /> }],
      '/confirm-email?token=old',
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByText(`Error: ${profileTexts.emailLinkInvalid}`)).toBeTruthy();
  });
});
