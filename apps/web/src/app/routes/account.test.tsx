import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import {
  anApiKey,
  aProfile,
  apiError,
  aSignedInSession,
  aUser,
  aVariation,
  aWallet,
  mockApi,
  sandboxMeta,
  signedOut,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

function signedIn(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/pin': { body: { hasPin: true, lockedUntil: null } },
    'GET /api/v1/api-keys': { body: { apiKeys: [] } },
    'GET /api/v1/test-balance': { body: { balanceKobo: 0, balance: '0.00', currency: 'NGN' } },
    'GET /api/v1/profile': {
      body: { profile: aProfile({ partnerAccessSince: '2025-03-01T09:00:00.000Z' }) },
    },
    'GET /api/v1/profile/sessions': { body: { sessions: [aSignedInSession()] } },
    ...overrides,
  });
}

describe('change pin page', () => {
  it('sends the change-pin request and says the link is on its way', async () => {
    const api = signedIn({ 'POST /api/v1/pin/change-request': { status: 202, body: { ok: true } } });
    const { user } = renderApp('/ChangePin');
    expect(await screen.findByRole('heading', { name: 'Change Transaction PIN' })).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect((email as HTMLInputElement).value).toBe('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Request Change PIN' }));
    expect(await screen.findByText(messages.changePin.sent)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/pin/change-request')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('says the request failed when the server refuses it', async () => {
    signedIn({ 'POST /api/v1/pin/change-request': apiError(500, 'INTERNAL', 'Oops') });
    const { user } = renderApp('/change-pin');
    await user.click(await screen.findByRole('button', { name: 'Request Change PIN' }));
    const text = await screen.findByText(messages.changePin.failed);
    expect(text.getAttribute('data-tone')).toBe('error');
  });

  it('asks to check the network when the server cannot be reached', async () => {
    signedIn({ 'POST /api/v1/pin/change-request': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderApp('/change-pin');
    await user.click(await screen.findByRole('button', { name: 'Request Change PIN' }));
    expect(await screen.findByText(messages.changePin.networkError)).toBeTruthy();
  });

  it('sets the new PIN from the mailed link, signed out', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/pin/reset': { body: { ok: true } },
    });
    const { user } = renderApp('/change-pin?token=tok_1');
    await user.type(await screen.findByLabelText('Account password'), 'my password 1');
    await user.type(screen.getByLabelText('New PIN'), '4826');
    await user.type(screen.getByLabelText('New PIN again'), '4826');
    await user.click(screen.getByRole('button', { name: 'Save new PIN' }));
    expect(await screen.findByText(/Your new transaction PIN is set/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy airtime' }).getAttribute('href')).toBe('/airtime');
    expect(api.callsTo('POST /api/v1/pin/reset')[0]?.body).toEqual({
      token: 'tok_1',
      password: 'my password 1',
      pin: '4826',
    });
  });

  it('sends a signed-out visitor without a link to the login page', async () => {
    mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    const { router } = renderApp('/change-pin');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });
});

describe('profile page', () => {
  it('shows the name and email, and changes the PIN with the current one', async () => {
    const api = signedIn({
      'POST /api/v1/pin': (body) =>
        body.currentPin === '1357'
          ? { body: { hasPin: true, lockedUntil: null } }
          : apiError(403, 'PIN_INCORRECT', 'Wrong PIN.', { attemptsLeft: 4 }),
    });
    const { user } = renderApp('/Details');
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Ada Obi', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByTestId('profile-email').textContent).toBe('ada@example.com');

    await user.type(await screen.findByLabelText('Current PIN'), '9999');
    await user.type(screen.getByLabelText('New PIN'), '4826');
    await user.type(screen.getByLabelText('New PIN again'), '4826');
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText('Error: Wrong PIN. 4 attempts left.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Current PIN'));
    await user.type(screen.getByLabelText('Current PIN'), '1357');
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText('Your transaction PIN is changed.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/pin')[1]?.body).toEqual({ pin: '4826', currentPin: '1357' });
  });

  it('creates an API key with the password, PIN and allowed addresses, and shows the secret once', async () => {
    const api = signedIn({
      'POST /api/v1/api-keys': {
        status: 201,
        body: { apiKey: anApiKey(), key: 'qv_live_ab12_secret_value' },
      },
    });
    const { user } = renderApp('/profile');
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    expect(screen.getByText(/without your PIN, so confirm it is you/)).toBeTruthy();
    expect(screen.getByText(/Leave it empty to allow any address/)).toBeTruthy();
    api.set('GET /api/v1/api-keys', {
      body: { apiKeys: [anApiKey({ allowedIps: ['203.0.113.0/24', '198.51.100.7'] })] },
    });
    await user.type(screen.getByLabelText('Key name'), 'My shop');
    expect(screen.getByRole('radio', { name: /Test/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: /Live/ }));
    await user.type(screen.getByLabelText('Allowed addresses'), '203.0.113.0/24,{enter}198.51.100.7');
    await user.type(screen.getByLabelText('Your password'), 'ada password');
    await user.type(screen.getByLabelText('Your PIN'), '1357');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const secret = await screen.findByLabelText('Your new API key');
    expect((secret as HTMLInputElement).value).toBe('qv_live_ab12_secret_value');
    expect(screen.getByText(/It will not be shown again/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Key copied to clipboard!')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('qv_live_ab12_secret_value');
    expect(api.callsTo('POST /api/v1/api-keys')[0]?.body).toEqual({
      name: 'My shop',
      mode: 'live',
      allowedIps: ['203.0.113.0/24', '198.51.100.7'],
      password: 'ada password',
      pin: '1357',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Your password').value).toBe('');

    const list = await screen.findByRole('list', { name: 'Your API keys' });
    expect(within(list).getByText('qv_live_ab12…')).toBeTruthy();
    expect(within(list).getByText('Live key')).toBeTruthy();
    expect(within(list).getByText('203.0.113.0/24, 198.51.100.7')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByLabelText('Your new API key')).toBeNull();
    expect(screen.queryByText('qv_live_ab12_secret_value')).toBeNull();
  });

  it('asks for no PIN before one is set, and puts a wrong password on its field', async () => {
    const api = signedIn({
      'GET /api/v1/pin': { body: { hasPin: false, lockedUntil: null } },
      'GET /api/v1/api-keys': { body: { apiKeys: [anApiKey()] } },
      'POST /api/v1/api-keys': apiError(401, 'INVALID_CREDENTIALS', 'That password is not right.', {
        fields: { password: 'That password is not right.' },
      }),
    });
    const { user } = renderApp('/profile');
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    expect(within(list).getByText('Any address')).toBeTruthy();
    expect(screen.queryByLabelText('Your PIN')).toBeNull();
    await user.type(screen.getByLabelText('Key name'), 'Till');
    await user.type(screen.getByLabelText('Your password'), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('That password is not right.')).toBeTruthy();
    expect(screen.getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/v1/api-keys')[0]?.body).toEqual({
      name: 'Till',
      mode: 'test',
      allowedIps: [],
      password: 'wrong one',
    });
  });

  it('checks addresses before sending, and says how many PIN tries are left', async () => {
    const api = signedIn({
      'POST /api/v1/api-keys': apiError(403, 'PIN_INCORRECT', 'Wrong PIN. 3 tries left.', {
        attemptsLeft: 3,
      }),
    });
    const { user } = renderApp('/profile');
    await user.type(await screen.findByLabelText('Key name'), 'Till');
    await user.type(screen.getByLabelText('Allowed addresses'), '203.0.113.0/33');
    await user.type(screen.getByLabelText('Your password'), 'ada password');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(/“203.0.113.0\/33” is not an IP address or range/)).toBeTruthy();
    expect(screen.getByText('Your PIN must be exactly 4 digits.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/api-keys')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Allowed addresses'));
    await user.type(screen.getByLabelText('Your PIN'), '9999');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Error: Wrong PIN. 3 attempts left.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Your PIN').value).toBe('');
    expect(api.callsTo('POST /api/v1/api-keys')).toHaveLength(1);
  });

  it('revokes a key after asking', async () => {
    const api = signedIn({
      'GET /api/v1/api-keys': { body: { apiKeys: [anApiKey()] } },
      'POST /api/v1/api-keys/:id/revoke': {
        body: { apiKey: anApiKey({ revokedAt: '2025-03-13T09:00:00.000Z' }) },
      },
    });
    const { user } = renderApp('/profile');
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    expect(within(list).getByText('Active')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Revoke My shop' }));
    expect(api.callsTo('POST /api/v1/api-keys/:id/revoke')).toHaveLength(0);
    expect(within(list).getByText(/Apps using it stop working at once/)).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Yes, revoke' }));
    expect(await within(list).findByText('Revoked', { selector: 'span' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Revoke My shop' })).toBeNull();
    expect(api.callsTo('POST /api/v1/api-keys/:id/revoke')[0]?.url).toBe('/api/v1/api-keys/key_1/revoke');
  });
});

describe('data pricing page', () => {
  it('shows every network’s plans and prices to a signed-out visitor', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/services/:serviceId/variations': (_body, url) => ({
        body: {
          variations: url.pathname.includes('mtn-data')
            ? [aVariation('mtn-500mb', '500MB', 14_000), aVariation('mtn-1gb', '1GB', 27_500)]
            : [aVariation('x-1gb', '1GB', 29_500)],
        },
      }),
    });
    const { router } = renderApp('/Pricing');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/data-pricing');
    });
    expect(await screen.findByRole('heading', { name: 'Data Pricing', level: 1 })).toBeTruthy();
    for (const network of ['MTN', 'Glo', 'Airtel', '9mobile']) {
      expect(screen.getByRole('heading', { name: network, level: 2 })).toBeTruthy();
    }
    const mtn = screen.getByRole('region', { name: 'MTN' });
    expect(await within(mtn).findByText('₦140.00')).toBeTruthy();
    expect(within(mtn).getByText('500MB')).toBeTruthy();
    expect(within(mtn).getByText('Valid for 30 days')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Signup' }).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/data-pricing');
    expect(
      api
        .callsTo('GET /api/v1/services/:serviceId/variations')
        .map((call) => call.url)
        .sort(),
    ).toEqual([
      '/api/v1/services/airtel-data/variations',
      '/api/v1/services/etisalat-data/variations',
      '/api/v1/services/glo-data/variations',
      '/api/v1/services/mtn-data/variations',
    ]);
  });

  it('shows inside the dashboard for a signed-in user', async () => {
    signedIn({ 'GET /api/v1/services/:serviceId/variations': { body: { variations: [] } } });
    renderApp('/data-pricing');
    expect(await screen.findByRole('heading', { name: 'Data Pricing', level: 1 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});
