import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileTexts } from '@quickvend/shared/api/profile';
import {
  aProfile,
  aSignedInSession,
  aUser,
  aWallet,
  apiError,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const EMAIL = 'ada@example.com';

function signedIn(emailConfirmed: boolean, overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ email: EMAIL, emailConfirmed }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } },
    'GET /api/v1/pin': { body: { hasPin: true, lockedUntil: null } },
    'GET /api/v1/funding/payments': { body: { payments: [] } },
    'GET /api/v1/funding/dedicated-account': { body: { account: null, simulateTransferUrl: null } },
    'GET /api/v1/funding/manual': { body: { requests: [], depositAccount: null } },
    'GET /api/v1/profile': { body: { profile: aProfile({ email: EMAIL }) } },
    'GET /api/v1/profile/sessions': { body: { sessions: [aSignedInSession()] } },
    'GET /api/v1/api-keys': { body: { apiKeys: [] } },
    'POST /api/v1/profile/email/confirmation': { status: 202, body: { sentTo: EMAIL } },
    ...overrides,
  });
}

const notice = () => screen.findByRole('region', { name: 'Confirm your email' });

describe('an address that has not opened its link yet', () => {
  it('asks on the dashboard, and mails a new link when asked', async () => {
    const api = signedIn(false);
    const { user } = renderApp('/dashboard');
    const asking = await notice();
    expect(within(asking).getByText(profileTexts.emailConfirmNeeded(EMAIL))).toBeTruthy();
    await user.click(within(asking).getByRole('button', { name: 'Send me a new link' }));
    expect(await within(asking).findByText(profileTexts.emailConfirmLinkSent(EMAIL))).toBeTruthy();
    expect(api.callsTo('POST /api/v1/profile/email/confirmation')).toHaveLength(1);
  });

  it('says why when the server refuses another link this hour', async () => {
    const refusal = 'Too many attempts. Please try again in 40 minutes.';
    signedIn(false, {
      'POST /api/v1/profile/email/confirmation': apiError(429, 'RATE_LIMITED', refusal),
    });
    const { user } = renderApp('/dashboard');
    const asking = await notice();
    await user.click(within(asking).getByRole('button', { name: 'Send me a new link' }));
    expect(await within(asking).findByText(`Error: ${refusal}`)).toBeTruthy();
  });

  it('shows the request instead of the manual deposit form, and card funding as before', async () => {
    signedIn(false);
    renderApp('/fund-wallet');
    const manual = await screen.findByRole('region', { name: 'Manual funding' });
    expect(await within(manual).findByText(profileTexts.emailConfirmNeeded(EMAIL))).toBeTruthy();
    expect(within(manual).queryByLabelText('Depositor name')).toBeNull();
    expect(within(manual).queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Pay with card' })).toBeTruthy();
  });

  it('shows the request instead of the partner access switch', async () => {
    signedIn(false);
    renderApp('/profile');
    const developers = await screen.findByRole('region', { name: 'Developers' });
    expect(await within(developers).findByText(profileTexts.emailConfirmNeeded(EMAIL))).toBeTruthy();
    expect(within(developers).queryByRole('button', { name: 'Turn on partner access' })).toBeNull();
  });

  it('asks nothing once the address is confirmed', async () => {
    signedIn(true);
    renderApp('/fund-wallet');
    const manual = await screen.findByRole('region', { name: 'Manual funding' });
    expect(await within(manual).findByLabelText('Depositor name')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).toBeNull();
  });
});

describe('the link of a new account', () => {
  it('confirms the address the account already has when tapped, and says so', async () => {
    const api = mockApi({
      'GET /api/v1/session': { body: { user: null } },
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/profile/email/confirm': { body: { email: EMAIL, changed: false } },
    });
    const { user } = renderApp('/confirm-email?token=tok_1');
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByText(profileTexts.emailConfirmed)).toBeTruthy();
    expect(screen.queryByText(profileTexts.emailChanged(EMAIL))).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(api.callsTo('POST /api/v1/profile/email/confirm')).toHaveLength(1);
  });
});
