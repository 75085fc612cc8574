import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONNECTING_MESSAGE } from '@/components/ui/reconnecting-banner.tsx';
import { sessionQueryKey } from '@/lib/session.ts';
import {
  apiError,
  aPurchase,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  signedOut,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const unavailable = (retryAfterSeconds?: number) =>
  apiError(
    503,
    'SERVICE_UNAVAILABLE',
    "We can't reach our records right now.",
    retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
  );
const signedIn = { body: { user: aUser() } };
const dropped = () => Promise.reject(new Error('connection dropped'));

function dashboardApi() {
  return mockApi({
    'GET /api/v1/session': signedIn,
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(150_050),
    'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } },
  });
}

/** What sign-in does: ask the server for the session again (it settles only once the server answers). */
function probeSession(queryClient: QueryClient) {
  act(() => {
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  });
}

/** Lets the retry timers run: the clock moves only when a test says so. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('when the server cannot be reached', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a signed-in user on the dashboard under a reconnecting line, which goes when the server answers', async () => {
    const api = dashboardApi();
    const { router, queryClient } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Obi' })).toBeTruthy();
    expect(screen.queryByText(RECONNECTING_MESSAGE)).toBeNull();

    api.set('GET /api/v1/session', unavailable(5));
    probeSession(queryClient);
    expect(await screen.findByText(RECONNECTING_MESSAGE)).toBeTruthy();
    expect(screen.getByText(RECONNECTING_MESSAGE).closest('[aria-live="polite"]')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome, Ada Obi' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');

    api.set('GET /api/v1/session', signedIn);
    await advance(5_000);
    await waitFor(() => {
      expect(screen.queryByText(RECONNECTING_MESSAGE)).toBeNull();
    });
    expect(screen.getByRole('heading', { name: 'Welcome, Ada Obi' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('opens a signed-in page during an outage without signing out, and shows it once the server answers', async () => {
    const api = dashboardApi();
    api.set('GET /api/v1/session', dropped);
    const { router } = renderApp('/dashboard');
    expect(await screen.findByText(RECONNECTING_MESSAGE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Welcome, Ada Obi' })).toBeNull();

    api.set('GET /api/v1/session', signedIn);
    await advance(1_000);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Obi' })).toBeTruthy();
    expect(screen.queryByText(RECONNECTING_MESSAGE)).toBeNull();
  });

  it('asks again with backoff, never sooner than the server asked', async () => {
    const api = dashboardApi();
    api.set('GET /api/v1/session', dropped);
    renderApp('/dashboard');
    await screen.findByText(RECONNECTING_MESSAGE);
    const probes = () => api.callsTo('GET /api/v1/session').length;
    expect(probes()).toBe(1);
    // 1 s, then 2 s, then 4 s
    await advance(1_000);
    await waitFor(() => {
      expect(probes()).toBe(2);
    });
    await advance(1_000);
    expect(probes()).toBe(2);
    await advance(1_000);
    await waitFor(() => {
      expect(probes()).toBe(3);
    });
    await advance(3_000);
    expect(probes()).toBe(3);
    await advance(1_000);
    await waitFor(() => {
      expect(probes()).toBe(4);
    });

    // Retry-After: 20 waits 20 s, though the backoff alone would have waited 8
    api.set('GET /api/v1/session', unavailable(20));
    await advance(8_000);
    await waitFor(() => {
      expect(probes()).toBe(5);
    });
    await advance(10_000);
    expect(probes()).toBe(5);
    await advance(10_000);
    await waitFor(() => {
      expect(probes()).toBe(6);
    });
  });

  it('fetches what failed during the outage again once the server answers', async () => {
    const api = dashboardApi();
    const { user, queryClient } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Obi' });

    api.set('GET /api/v1/session', unavailable());
    api.set('GET /api/v1/purchases', unavailable());
    probeSession(queryClient);
    await screen.findByText(RECONNECTING_MESSAGE);
    const [transactions] = screen.getAllByRole('link', { name: 'Transactions' });
    if (!transactions) throw new Error('no link to the transactions');
    await user.click(transactions);
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/purchases').length).toBeGreaterThan(1);
    });
    const failedLoads = api.callsTo('GET /api/v1/purchases').length;

    api.set('GET /api/v1/session', signedIn);
    api.set('GET /api/v1/purchases', { body: { purchases: [aPurchase()], nextCursor: null } });
    await advance(1_000);
    await waitFor(() => {
      expect(screen.queryByText(RECONNECTING_MESSAGE)).toBeNull();
    });
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/purchases').length).toBeGreaterThan(failedLoads);
    });
    const card = await screen.findByRole('link', { name: /^MTN Airtime/ });
    expect(card.getAttribute('href')).toBe('/transactions/req-key-1');
  });

  it('signs out when the session check says nobody is signed in, after an outage as before one', async () => {
    const api = dashboardApi();
    const { router, queryClient } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Obi' });

    api.set('GET /api/v1/session', unavailable());
    probeSession(queryClient);
    await screen.findByText(RECONNECTING_MESSAGE);
    expect(router.state.location.pathname).toBe('/dashboard');

    api.set('GET /api/v1/session', signedOut);
    await advance(1_000);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(screen.queryByText(RECONNECTING_MESSAGE)).toBeNull();
  });

  it('keeps a signed-in user on the change-pin page, which also opens signed out, until the server answers', async () => {
    const api = dashboardApi();
    api.set('GET /api/v1/pin', { body: { hasPin: true, lockedUntil: null } });
    api.set('GET /api/v1/session', unavailable());
    const { router } = renderApp('/change-pin');
    expect(await screen.findByText(RECONNECTING_MESSAGE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/change-pin');

    api.set('GET /api/v1/session', signedIn);
    await advance(1_000);
    expect(await screen.findByRole('heading', { name: 'Change Transaction PIN' })).toBeTruthy();
    expect(screen.queryByText(RECONNECTING_MESSAGE)).toBeNull();
  });
});
