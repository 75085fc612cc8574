import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileTexts } from '@quickvend/shared/messages/profile';
import { bringLandingToLife } from '@/features/landing/live-landing.ts';
import { renderLanding } from '@/landing-prerender.tsx';
import {
  aProfile,
  aSignedInSession,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  signedOut,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const HINT = 'quickvend.signedIn';

const header = () => screen.getByRole('banner');

function signedIn(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/pin': { body: { hasPin: true, lockedUntil: null } },
    'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } },
    'GET /api/v1/api-keys': { body: { apiKeys: [] } },
    'GET /api/v1/profile': { body: { profile: aProfile() } },
    'GET /api/v1/profile/sessions': { body: { sessions: [aSignedInSession()] } },
    'GET /api/v1/services/:serviceId/variations': { body: { variations: [] } },
    ...overrides,
  });
}

describe('the landing as served, for a visitor and for someone signed in', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
    document.body.innerHTML = '';
  });

  const serve = () => {
    mockApi({
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/services/:serviceId/variations': { body: { variations: [] } },
    });
    document.body.innerHTML = `<div id="root">${renderLanding().landing}</div>`;
    const root = document.getElementById('root');
    if (!root) throw new Error('no #root');
    stop = bringLandingToLife(root);
  };

  it('offers a visitor Login beside Signup, and no dashboard', () => {
    serve();
    expect(within(header()).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(header().hasAttribute('data-signed-in')).toBe(false);
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
  });

  it('offers the dashboard instead to a browser the app last knew signed in, in the same place', () => {
    window.localStorage.setItem(HINT, '1');
    serve();
    expect(header().hasAttribute('data-signed-in')).toBe(true);
    const dashboard = within(header()).getByRole('link', { name: 'Dashboard' });
    expect(dashboard.getAttribute('href')).toBe('/dashboard');
    // the two choices share one grid cell: swapping them moves nothing
    const login = within(header()).getByRole('link', { name: 'Login' });
    expect(dashboard.parentElement?.parentElement).toBe(login.parentElement?.parentElement);
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/dashboard');
  });
});

describe('the session hint the landing reads', () => {
  it('is kept while signed in and forgotten on logging out', async () => {
    const api = signedIn({ 'POST /api/v1/auth/sign-out': { status: 204, body: undefined } });
    const { user, router } = renderApp('/account');
    const main = await screen.findByRole('main');
    const logout = await within(main).findByRole('button', { name: 'Logout' });
    expect(window.localStorage.getItem(HINT)).toBe('1');

    api.set('GET /api/v1/session', signedOut);
    await user.click(logout);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(window.localStorage.getItem(HINT)).toBeNull();
  });

  it('is dropped when the server says nobody is signed in', async () => {
    window.localStorage.setItem(HINT, '1');
    mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await waitFor(() => {
      expect(window.localStorage.getItem(HINT)).toBeNull();
    });
  });
});

describe('the landing inside the app', () => {
  it('offers a signed-in visitor the dashboard', async () => {
    signedIn();
    renderApp('/');
    await waitFor(() => {
      expect(header().hasAttribute('data-signed-in')).toBe(true);
    });
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/dashboard');
  });

  it('says the account is closed once it is, and offers Signup and Login again', async () => {
    const api = signedIn({ 'POST /api/v1/profile/close': { body: { ok: true } } });
    const { user, router } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Close my account' }));
    const form = screen.getByRole('form', { name: 'Close your account' });
    await user.type(within(form).getByLabelText('Your password'), 'ada password');
    api.set('GET /api/v1/session', signedOut);
    await user.click(within(form).getByRole('button', { name: 'Close my account for good' }));

    expect(await screen.findByText(profileTexts.accountClosed)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(header().hasAttribute('data-signed-in')).toBe(false);
    expect(window.localStorage.getItem(HINT)).toBeNull();
  });
});
