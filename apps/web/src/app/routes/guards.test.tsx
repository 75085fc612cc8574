import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, aWallet, mockApi, sandboxMeta, signedOut } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const wallet = aWallet(0);

function signedIn(role: 'user' | 'admin' = 'user') {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ role }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': wallet,
    'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } },
    'GET /api/v1/services': { body: { services: [] } },
    'GET /api/v1/pin': { body: { hasPin: true, lockedUntil: null } },
    'GET /api/v1/api-keys': { body: { apiKeys: [] } },
  });
}

describe('route guards', () => {
  it('sends a signed-out visitor of /dashboard to /login', async () => {
    mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    const { router } = renderApp('/dashboard');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
  });

  it('sends a signed-out visitor of an unknown path to the landing page', async () => {
    mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    const { router } = renderApp('/whatever');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeTruthy();
  });

  it('sends a signed-in visitor of /login to /dashboard', async () => {
    signedIn();
    const { router } = renderApp('/login');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Obi' })).toBeTruthy();
  });

  it('sends a signed-in visitor of /signup to /dashboard', async () => {
    signedIn();
    const { router } = renderApp('/signup');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
    });
  });

  it('sends a signed-out visitor of /admin to the admin login', async () => {
    mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    const { router } = renderApp('/admin');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/Adminlogin');
    });
  });

  it('redirects an old route in any letter case to its page, keeping the query', async () => {
    signedIn();
    const { router } = renderApp('/AIRTIMETOPUP?from=sms');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/airtime');
    });
    expect(router.state.location.search).toBe('?from=sms');
    expect(await screen.findByRole('heading', { name: 'Airtime', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy airtime' })).toBeTruthy();
  });

  it('redirects a wrongly cased canonical path', async () => {
    signedIn();
    const { router } = renderApp('/Details');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/profile');
    });
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
  });

  it('sends a signed-out visitor of an old dashboard route to /login', async () => {
    mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    const { router } = renderApp('/TopUp');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });

  it('shows a signed-in visitor of an unknown path a not-found page inside the dashboard', async () => {
    signedIn();
    const { router } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no-such-page');
  });

  it('shows the sandbox banner when the server runs in sandbox mode', async () => {
    mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    renderApp('/');
    expect(await screen.findByText('Sandbox: no real money moves')).toBeTruthy();
  });

  it('shows no sandbox banner in live mode', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': { body: { productName: 'QuickVend', mode: 'live', minFundingKobo: 10_000 } },
    });
    renderApp('/');
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/meta')).toHaveLength(1);
    });
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeTruthy();
    expect(screen.queryByText('Sandbox: no real money moves')).toBeNull();
  });
});
