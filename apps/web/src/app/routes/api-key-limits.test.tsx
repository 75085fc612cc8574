import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import {
  anApiKey,
  aProfile,
  aSignedInSession,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
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
    'GET /api/v1/profile': {
      body: { profile: aProfile({ partnerAccessSince: '2025-03-01T09:00:00.000Z' }) },
    },
    'GET /api/v1/profile/sessions': { body: { sessions: [aSignedInSession()] } },
    ...overrides,
  });
}

describe('API key limits', () => {
  it('creates a key with a daily limit in naira and the services ticked, sent in kobo', async () => {
    const api = signedIn({
      'POST /api/v1/api-keys': { status: 201, body: { apiKey: anApiKey(), key: 'qv_secret' } },
    });
    const { user } = renderApp('/profile');
    await user.type(await screen.findByLabelText('Key name'), 'Till');
    await user.type(screen.getByLabelText('Daily limit (₦)'), '50,000');
    const airtime = screen.getAllByRole('group', { name: 'Airtime' })[0];
    if (!airtime) throw new Error('no airtime group');
    await user.click(within(airtime).getByLabelText('MTN Airtime'));
    await user.click(within(airtime).getByLabelText('GLO Airtime'));
    await user.type(screen.getByLabelText('Your password'), 'ada password');
    await user.type(screen.getByLabelText('Your PIN'), '1357');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByLabelText('Your new API key')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/api-keys')[0]?.body).toEqual({
      name: 'Till',
      mode: 'test',
      allowedIps: [],
      dailyLimitKobo: 5_000_000,
      allowedServices: ['mtn', 'glo'],
      password: 'ada password',
      pin: '1357',
    });
  });

  it('refuses a daily limit that is not an amount before sending', async () => {
    const api = signedIn();
    const { user } = renderApp('/profile');
    await user.type(await screen.findByLabelText('Key name'), 'Till');
    await user.type(screen.getByLabelText('Daily limit (₦)'), 'lots');
    await user.type(screen.getByLabelText('Your password'), 'ada password');
    await user.type(screen.getByLabelText('Your PIN'), '1357');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(/Enter a daily limit of at least ₦1.00/)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/api-keys')).toHaveLength(0);
  });

  it('shows each key’s limit, today’s spend and services, and edits them with the password and PIN', async () => {
    const limited = anApiKey({
      dailyLimitKobo: kobo(5_000_000),
      spentTodayKobo: kobo(4_990_000),
      allowedServices: ['mtn'],
    });
    const api = signedIn({
      'GET /api/v1/api-keys': { body: { apiKeys: [limited] } },
      'PUT /api/v1/api-keys/:id/limits': {
        body: { apiKey: { ...limited, dailyLimitKobo: null, allowedServices: ['mtn', 'mtn-data'] } },
      },
    });
    const { user } = renderApp('/profile');
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    expect(within(list).getByText('₦50,000.00')).toBeTruthy();
    expect(within(list).getByText('₦49,900.00 of ₦50,000.00 today')).toBeTruthy();
    expect(within(list).getByText('MTN Airtime')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Edit limits of My shop' }));
    const form = within(list).getByRole('form', { name: 'Limits of My shop' });
    const limit = within(form).getByLabelText<HTMLInputElement>('Daily limit (₦)');
    expect(limit.value).toBe('50000.00');
    expect(within(form).getByLabelText<HTMLInputElement>('MTN Airtime').checked).toBe(true);
    await user.clear(limit);
    await user.click(within(form).getByLabelText('MTN Data'));
    await user.type(within(form).getByLabelText('Your password'), 'ada password');
    await user.type(within(form).getByLabelText('Your PIN'), '1357');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));

    expect(await within(list).findByText('MTN Airtime, MTN Data')).toBeTruthy();
    expect(within(list).getByText('No limit')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/api-keys/:id/limits')[0]?.body).toEqual({
      dailyLimitKobo: null,
      allowedServices: ['mtn', 'mtn-data'],
      password: 'ada password',
      pin: '1357',
    });
  });
});
