import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import {
  aPurchase,
  aService,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  signedOut,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

function signedIn({
  role = 'user',
  hasPin = true,
  balanceKobo = 0,
  overrides = {},
}: { role?: 'user' | 'admin'; hasPin?: boolean; balanceKobo?: number; overrides?: MockHandlers } = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ role }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(balanceKobo),
    'GET /api/v1/pin': { body: { hasPin, lockedUntil: null } },
    'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } },
    'GET /api/v1/services': { body: { services: [aService()] } },
    'POST /api/v1/auth/sign-out': { status: 204, body: undefined },
    ...overrides,
  });
}

const tabNames = ['Home', 'Buy', 'Transactions', 'Wallet', 'Account'];

async function findTabs() {
  return screen.findByRole('navigation', { name: 'Main tabs' });
}

describe('bottom tabs', () => {
  it('offers the five places and marks Home on the dashboard', async () => {
    signedIn();
    renderApp('/dashboard');
    const tabs = within(await findTabs()).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(tabNames);
    expect(tabs.map((tab) => tab.getAttribute('href'))).toEqual([
      '/dashboard',
      '/buy',
      '/transactions',
      '/wallet',
      '/account',
    ]);
    expect(tabs.map((tab) => tab.getAttribute('aria-current'))).toEqual(['page', null, null, null, null]);
  });

  it('marks the tab a page belongs to: Buy for a purchase page, Wallet for funding', async () => {
    signedIn();
    const { router } = renderApp('/airtime');
    const tabs = await findTabs();
    await waitFor(() => {
      expect(within(tabs).getByRole('link', { name: 'Buy' }).getAttribute('aria-current')).toBe('true');
    });
    expect(within(tabs).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await router.navigate('/fund-wallet');
    await waitFor(() => {
      expect(within(tabs).getByRole('link', { name: 'Wallet' }).getAttribute('aria-current')).toBe('true');
    });
    expect(within(tabs).getByRole('link', { name: 'Buy' }).getAttribute('aria-current')).toBeNull();
  });

  it('opens Buy: every service as a tile, each going to its page', async () => {
    signedIn();
    const { user, router } = renderApp('/dashboard');
    await user.click(within(await findTabs()).getByRole('link', { name: 'Buy' }));
    expect(await screen.findByRole('heading', { name: 'Buy', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/buy');
    const main = screen.getByRole('main');
    const services = {
      Airtime: '/airtime',
      Data: '/data',
      DStv: '/dstv',
      GOtv: '/gotv',
      StarTimes: '/startimes',
      Showmax: '/showmax',
      Electricity: '/electricity',
      'WAEC & JAMB PINs': '/exam-pins',
    };
    for (const [name, href] of Object.entries(services)) {
      expect(within(main).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(within(tabsOf()).getByRole('link', { name: 'Buy' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows a customer no admin link anywhere, and no menu entry for vague pages', async () => {
    signedIn();
    const { user } = renderApp('/dashboard');
    await user.click(within(await findTabs()).getByRole('link', { name: 'Account' }));
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
    expect(screen.queryAllByRole('link', { name: /admin|back office/i })).toEqual([]);
    expect(screen.queryAllByText(/admin/i)).toEqual([]);
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(sidebar).getByRole('link', { name: 'Refer and earn' }).getAttribute('href')).toBe('/refer');
    expect(
      within(screen.getByRole('list', { name: 'Settings' }))
        .getByRole('link', { name: /^Refer and earn/ })
        .getAttribute('href'),
    ).toBe('/refer');
    for (const hidden of [/website services/i, /social group/i, /coming soon/i]) {
      expect(within(sidebar).queryAllByRole('link', { name: hidden })).toEqual([]);
    }
  });

  it('gives an admin the back office from their account page and the sidebar', async () => {
    signedIn({ role: 'admin' });
    renderApp('/account');
    const main = await screen.findByRole('main');
    const backOffice = await within(main).findByRole('link', { name: /^Back office/ });
    expect(backOffice.getAttribute('href')).toBe('/admin');
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(sidebar).getByRole('link', { name: 'Back office' }).getAttribute('href')).toBe('/admin');
  });

  it('lists only the support contacts the business has configured', async () => {
    signedIn({
      overrides: {
        'GET /api/v1/meta': {
          body: {
            productName: 'QuickVend',
            mode: 'sandbox',
            minFundingKobo: 10_000,
            support: { phone: '0801 234 5678', email: null, whatsappUrl: null, links: [] },
          },
        },
      },
    });
    renderApp('/account');
    const help = await screen.findByRole('list', { name: 'Help' });
    expect(
      within(help)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['tel:08012345678']);
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(sidebar).getByRole('link', { name: 'Call support' }).getAttribute('href')).toBe(
      'tel:08012345678',
    );
  });

  it('shows no help contacts when none is configured', async () => {
    signedIn();
    renderApp('/account');
    await screen.findByRole('list', { name: 'Settings' });
    expect(screen.queryByRole('list', { name: 'Help' })).toBeNull();
    expect(screen.queryAllByRole('link', { name: /support/i })).toEqual([]);
  });

  it('logs out from the account page', async () => {
    const api = signedIn();
    const { user, router } = renderApp('/account');
    const main = await screen.findByRole('main');
    const logout = await within(main).findByRole('button', { name: 'Logout' });
    api.set('GET /api/v1/session', signedOut);
    await user.click(logout);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(api.callsTo('POST /api/v1/auth/sign-out')).toHaveLength(1);
  });
});

function tabsOf() {
  return screen.getByRole('navigation', { name: 'Main tabs' });
}

describe('first run', () => {
  it('leads a new customer to set a PIN and fund the wallet, each step leaving once done', async () => {
    const api = signedIn({ hasPin: false, balanceKobo: 0 });
    const { queryClient } = renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Get started' });
    const steps = within(card).getAllByRole('link');
    expect(steps.map((step) => [step.textContent, step.getAttribute('href')])).toEqual([
      [expect.stringContaining('Set your transaction PIN'), '/profile#transaction-pin'],
      [expect.stringContaining('Add money to your wallet'), '/fund-wallet'],
    ]);

    api.set('GET /api/v1/pin', { body: { hasPin: true, lockedUntil: null } });
    await queryClient.invalidateQueries();
    await waitFor(() => {
      expect(within(card).queryByRole('link', { name: /Set your transaction PIN/ })).toBeNull();
    });
    expect(within(card).getByRole('link', { name: /Add money to your wallet/ })).toBeTruthy();

    api.set('GET /api/v1/wallet', aWallet(100_000));
    await queryClient.invalidateQueries();
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
    });
  });

  it('is not shown to someone who has bought before, even with an empty wallet and no PIN', async () => {
    signedIn({
      hasPin: false,
      overrides: { 'GET /api/v1/purchases': { body: { purchases: [aPurchase()], nextCursor: null } } },
    });
    renderApp('/dashboard');
    await screen.findByRole('list', { name: 'Recent purchases' });
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('promises no survey, and every referral link leads to the referral page', async () => {
    signedIn();
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Wallet balance' });
    expect(screen.queryByText(/survey/i)).toBeNull();
    const referLinks = screen.getAllByRole('link', { name: /refer/i });
    expect(referLinks.map((link) => link.getAttribute('href'))).toEqual(['/refer']);
  });
});

describe('network tiles', () => {
  it('open the airtime page with the network already chosen', async () => {
    signedIn();
    const { user, router } = renderApp('/dashboard');
    const tiles = await screen.findByRole('region', { name: 'Airtime and data' });
    const links = within(tiles).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/airtime?network=mtn',
      '/airtime?network=glo',
      '/airtime?network=airtel',
      '/airtime?network=9mobile',
    ]);
    await user.click(within(tiles).getByRole('link', { name: 'Glo' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/airtime');
    });
    const operator = await screen.findByLabelText('Operator');
    expect((operator as HTMLSelectElement).value).toBe('glo');
  });

  it('leave the operator to choose when the link names no known network', async () => {
    signedIn();
    renderApp('/airtime?network=vodafone');
    const operator = await screen.findByLabelText('Operator');
    expect((operator as HTMLSelectElement).value).toBe('');
  });
});

describe('welcome message', () => {
  it('reaches the dashboard after logging in', async () => {
    const api = signedIn({ overrides: { 'GET /api/v1/session': signedOut } });
    api.set('POST /api/v1/auth/sign-in', { body: { user: aUser() } });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    api.set('GET /api/v1/session', { body: { user: aUser() } });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Welcome, Ada Obi' }, { timeout: 4_000 });
    expect(within(screen.getByRole('main')).getByText(messages.auth.loginSuccess)).toBeTruthy();
  });

  it('reaches the dashboard after signing up', async () => {
    const api = signedIn({ overrides: { 'GET /api/v1/session': signedOut } });
    api.set('POST /api/v1/auth/sign-up', (body) => ({
      status: 201,
      body: { user: aUser({ name: body.name }) },
    }));
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Ada Obi');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    api.set('GET /api/v1/session', { body: { user: aUser() } });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByRole('heading', { name: 'Welcome, Ada Obi' }, { timeout: 4_000 });
    expect(within(screen.getByRole('main')).getByText(messages.auth.signupSuccess)).toBeTruthy();
  });
});
