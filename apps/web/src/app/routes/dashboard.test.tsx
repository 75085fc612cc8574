import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import { aPurchase, aUser, aWallet, mockApi, sandboxMeta } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

function signedIn(balanceKobo: number) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(balanceKobo),
    'POST /api/v1/auth/sign-out': { status: 204, body: undefined },
    'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } },
  });
}

describe('dashboard page', () => {
  it('shows a new user ₦0.00 from the wallet', async () => {
    signedIn(0);
    renderApp('/dashboard');
    const balance = await screen.findByRole('region', { name: 'Wallet balance' });
    await waitFor(() => {
      expect(within(balance).getByText('₦0.00')).toBeTruthy();
    });
    expect(screen.getByRole('heading', { name: 'Welcome, Ada Obi' })).toBeTruthy();
  });

  it('formats a balance in naira with two decimals, in the page and the top bar', async () => {
    signedIn(150_050);
    renderApp('/dashboard');
    const balance = await screen.findByRole('region', { name: 'Wallet balance' });
    await waitFor(() => {
      expect(within(balance).getByText('₦1,500.50')).toBeTruthy();
    });
    expect(screen.getByText('Balance:', { exact: false }).parentElement?.textContent).toBe(
      'Balance: ₦1,500.50',
    );
  });

  it('links the tiles, Add Fund and the purchase history to their pages', async () => {
    signedIn(0);
    renderApp('/dashboard');
    expect((await screen.findByRole('link', { name: 'Add Fund' })).getAttribute('href')).toBe('/fund-wallet');
    expect(screen.getByRole('link', { name: 'MTN' }).getAttribute('href')).toBe('/airtime?network=mtn');
    expect(screen.getByRole('link', { name: 'DStv' }).getAttribute('href')).toBe('/dstv');
    expect(screen.getByRole('link', { name: 'Showmax' }).getAttribute('href')).toBe('/showmax');
    expect(screen.getByRole('link', { name: 'Electricity' }).getAttribute('href')).toBe('/electricity');
    expect(screen.getByRole('link', { name: 'WAEC & JAMB PINs' }).getAttribute('href')).toBe('/exam-pins');
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/transactions');
  });

  it('logs out: calls sign-out, forgets the session and goes to /login', async () => {
    const api = signedIn(0);
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Obi' });
    api.set('GET /api/v1/session', {
      status: 401,
      error: { error: { code: 'UNAUTHENTICATED', message: 'x', requestId: 'r' } },
    });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(api.callsTo('POST /api/v1/auth/sign-out')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
  });

  it('lists the five latest purchases, each opening its receipt, with a link to all', async () => {
    const api = signedIn(0);
    api.set('GET /api/v1/purchases', {
      body: {
        purchases: [
          aPurchase({
            id: 'pur_2',
            requestId: 'req-2',
            kind: 'data',
            serviceId: 'mtn-data',
            planName: 'MTN 1GB',
            amountKobo: 27_500,
            chargedKobo: 27_500,
            status: 'pending',
          }),
          aPurchase({ id: 'pur_1', requestId: 'req-1' }),
          aPurchase({
            id: 'pur_0',
            requestId: 'req-0',
            kind: 'tv',
            serviceId: 'dstv',
            planName: 'DStv Padi N4,400',
            billersCode: '7034567890',
            amountKobo: 440_000,
            chargedKobo: 435_600,
            discountKobo: 4_400,
          }),
        ],
        nextCursor: 'cur',
      },
    });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Recent purchases' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/transactions/req-2',
      '/transactions/req-1',
      '/transactions/req-0',
    ]);
    expect(links[0]?.textContent).toContain('MTN 1GB to 0803 123 4567');
    expect(links[0]?.textContent).toContain('Pending');
    expect(links[1]?.textContent).toContain('₦500.00');
    // what the wallet paid, the one figure the receipt gives
    expect(links[2]?.textContent).toContain('DStv Padi for smartcard 7034567890');
    expect(links[2]?.textContent).toContain('₦4,356.00');
    expect(links[2]?.textContent).not.toContain('₦4,400.00');
    expect(api.callsTo('GET /api/v1/purchases')[0]?.url).toBe('/api/v1/purchases?limit=5');
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/transactions');
  });
});

describe('admin page', () => {
  it('tells a signed-in non-admin that access is denied', async () => {
    const api = mockApi({
      'GET /api/v1/session': { body: { user: aUser({ role: 'user' }) } },
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': aWallet(0),
    });
    renderApp('/admin');
    expect(await screen.findByText(messages.auth.notAdmin)).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/users')).toHaveLength(0);
  });
});
