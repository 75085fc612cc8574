import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_KEY, startEarlyRequests } from '@/lib/early-requests.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { aUser, aWallet, deferred, mockApi, sandboxMeta, type MockReply } from '@/lib/testing/mock-api.ts';
import { preloadFirstPage } from './preload.ts';
import { AppProvider } from './provider.tsx';

function dashboardApi() {
  const session = deferred<MockReply<'GET /api/v1/session'>>();
  const api = mockApi({
    'GET /api/v1/session': () => session.promise,
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(420_000),
    'GET /api/v1/pin': { body: { hasPin: true, lockedUntil: null } },
    'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } },
  });
  return { api, session };
}

describe('the first page loads its session, code and data side by side', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    Reflect.deleteProperty(window, EARLY_KEY);
  });

  it('asks for the dashboard’s balance and purchases without waiting for the session, and asks once', async () => {
    const { api, session } = dashboardApi();
    const queryClient = createQueryClient();
    preloadFirstPage('/dashboard', queryClient);

    // the session has not answered, yet the data is already on its way
    expect(api.callsTo('GET /api/v1/session')).toHaveLength(1);
    expect(api.callsTo('GET /api/v1/wallet')).toHaveLength(1);
    expect(api.callsTo('GET /api/v1/purchases').map((call) => call.url)).toEqual([
      '/api/v1/purchases?limit=5',
    ]);

    window.history.replaceState(null, '', '/dashboard');
    render(<AppProvider queryClient={queryClient} />);
    session.resolve({ body: { user: aUser() } });
    const balance = await screen.findByRole('region', { name: 'Wallet balance' });
    await waitFor(() => {
      expect(within(balance).getByText('₦4,200.00')).toBeTruthy();
    });
    expect(api.callsTo('GET /api/v1/session')).toHaveLength(1);
    expect(api.callsTo('GET /api/v1/wallet')).toHaveLength(1);
    expect(api.callsTo('GET /api/v1/purchases')).toHaveLength(1);
  });

  it('takes the answers the first script asked for, and asks for nothing twice', async () => {
    const { api, session } = dashboardApi();
    startEarlyRequests('/dashboard');
    expect(api.calls.map((call) => call.url)).toEqual([
      '/api/v1/session',
      '/api/v1/wallet',
      '/api/v1/purchases?limit=5',
    ]);
    const queryClient = createQueryClient();
    preloadFirstPage('/dashboard', queryClient);
    window.history.replaceState(null, '', '/dashboard');
    render(<AppProvider queryClient={queryClient} />);
    session.resolve({ body: { user: aUser() } });
    const balance = await screen.findByRole('region', { name: 'Wallet balance' });
    await waitFor(() => {
      expect(within(balance).getByText('₦4,200.00')).toBeTruthy();
    });
    expect(api.callsTo('GET /api/v1/session')).toHaveLength(1);
    expect(api.callsTo('GET /api/v1/wallet')).toHaveLength(1);
    expect(api.callsTo('GET /api/v1/purchases')).toHaveLength(1);
  });

  it('never serves an answer from before the app started: a first script that runs late sends nothing', async () => {
    const { api, session } = dashboardApi();
    const queryClient = createQueryClient();
    preloadFirstPage('/login', queryClient);
    startEarlyRequests('/login');
    expect(api.callsTo('GET /api/v1/session')).toHaveLength(1);
    session.resolve({ body: { user: null } });
    await waitFor(() => {
      expect(queryClient.getQueryData(['me'])).toBeNull();
    });
    // after a sign-in the session is asked for again, from the server
    await queryClient.refetchQueries({ queryKey: ['me'] });
    expect(api.callsTo('GET /api/v1/session')).toHaveLength(2);
  });

  it('asks only for the session on other pages', () => {
    const { api } = dashboardApi();
    preloadFirstPage('/login', createQueryClient());
    expect(api.calls.map((call) => call.endpoint)).toEqual(['GET /api/v1/session']);
  });
});
