import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { referralTexts, type Referral, type ReferralsResponse } from '@quickvend/shared/api/referrals';
import { messages } from '@quickvend/shared/messages';
import { apiError, aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

const LINK = 'https://quickvend.test/signup?ref=k3x9qa-7HD2QZ';

function aReferral(overrides: Partial<Wire<Referral>> = {}): Wire<Referral> {
  return {
    name: 'Bola',
    email: 'bo***@gmail.com',
    status: 'pending',
    declinedReason: null,
    joinedAt: '2025-03-12T13:05:00.000Z',
    rewardedAt: null,
    rewardKobo: null,
    ...overrides,
  };
}

function referrals(overrides: Partial<Wire<ReferralsResponse>> = {}): { body: Wire<ReferralsResponse> } {
  return {
    body: {
      code: 'k3x9qa-7HD2QZ',
      link: LINK,
      rewardKobo: 5_000,
      reward: '50.00',
      earnedKobo: 0,
      earned: '0.00',
      newRewardsKobo: 0,
      referrals: [],
      ...overrides,
    },
  };
}

function signedIn(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/referrals': referrals(),
    'POST /api/v1/referrals/seen': { status: 204, body: undefined },
    ...overrides,
  });
}

/** Moves the page's timers on at once, instead of waiting for real time to pass. */
function startTestClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return async (ms: number) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  };
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'share');
});

describe('refer and earn', () => {
  it('shows the link inside the dashboard and copies it, saying so for 5 seconds', async () => {
    const advance = startTestClock();
    signedIn();
    const { user } = renderApp('/Refer');
    expect(await screen.findByRole('heading', { name: 'Refer and earn', level: 1 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    const field = await screen.findByLabelText<HTMLInputElement>('Your referral link');
    expect(field.value).toBe(LINK);
    expect(field.readOnly).toBe(true);
    expect(screen.getByText('Your code: k3x9qa-7HD2QZ')).toBeTruthy();
    expect(
      screen.getByText(
        'You get ₦50.00 when a friend you invite adds money to their wallet for the first time.',
      ),
    ).toBeTruthy();

    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    const copied = await screen.findByText(messages.referrals.linkCopied);
    expect(copied.getAttribute('data-tone')).toBe('success');
    await advance(4_000);
    expect(screen.getByText(messages.referrals.linkCopied)).toBeTruthy();
    await advance(1_100);
    expect(screen.queryByText(messages.referrals.linkCopied)).toBeNull();
  });

  it('offers the share sheet only where the phone has one', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    signedIn();
    const { user } = renderApp('/refer');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK }));
  });

  it('says there are no referrals yet, and announces no reward', async () => {
    const api = signedIn();
    renderApp('/refer');
    expect(await screen.findByText(messages.referrals.empty)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your referrals' })).toBeNull();
    expect(screen.queryByText(/since your last visit/)).toBeNull();
    expect(api.callsTo('POST /api/v1/referrals/seen')).toEqual([]);
  });

  it('lists each friend by first name and masked email, Pending or Paid, with the date in Lagos', async () => {
    signedIn({
      'GET /api/v1/referrals': referrals({
        earnedKobo: 5_000,
        earned: '50.00',
        referrals: [
          aReferral({
            name: 'Chidi',
            email: 'ch***@yahoo.com',
            status: 'success',
            joinedAt: '2025-03-14T22:30:00.000Z',
            rewardedAt: '2025-03-14T22:40:00.000Z',
            rewardKobo: 5_000,
          }),
          aReferral(),
        ],
      }),
    });
    renderApp('/refer');
    const list = await screen.findByRole('list', { name: 'Your referrals' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [paid, pending] = rows as [HTMLElement, HTMLElement];
    expect(within(paid).getByText('Chidi')).toBeTruthy();
    expect(within(paid).getByText('ch***@yahoo.com')).toBeTruthy();
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByText('+₦50.00')).toBeTruthy();
    // 22:30 UTC is 23:30 in Lagos
    expect(within(paid).getByText('Joined 14 Mar 2025, 23:30')).toBeTruthy();
    expect(within(pending).getByText('Bola')).toBeTruthy();
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Earned so far').nextSibling?.textContent).toBe('₦50.00');
    expect(screen.getByText('Friends joined').nextSibling?.textContent).toBe('2');
    // each row says exactly this much: no id, no full email
    expect(paid.textContent).toBe('Chidich***@yahoo.comJoined 14 Mar 2025, 23:30Paid+₦50.00');
    expect(pending.textContent).toBe('Bolabo***@gmail.comJoined 12 Mar 2025, 14:05Pending');
  });

  it('writes the rule, and shows a referral it paid nothing for as Not rewarded, with why in plain words', async () => {
    signedIn({
      'GET /api/v1/referrals': referrals({
        referrals: [
          aReferral({
            name: 'Tunde',
            email: 'tu***@gmail.com',
            status: 'declined',
            declinedReason: 'shared-device',
          }),
          aReferral({
            name: 'Kemi',
            email: 'ke***@gmail.com',
            status: 'declined',
            declinedReason: 'shared-card',
          }),
          aReferral({
            name: 'Sade',
            email: 'sa***@gmail.com',
            status: 'declined',
            declinedReason: 'shared-payer-account',
          }),
        ],
      }),
    });
    renderApp('/refer');
    expect(
      await screen.findByText(
        "Rewards are for friends who are new to QuickVend. We don't pay a reward when the two accounts were used on the same phone or browser, or paid from the same card or bank account.",
      ),
    ).toBeTruthy();
    const rows = within(await screen.findByRole('list', { name: 'Your referrals' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Tundetu***@gmail.comJoined 12 Mar 2025, 14:05This account was used on the same phone or browser as yours.Not rewarded',
      'Kemike***@gmail.comJoined 12 Mar 2025, 14:05This account was paid with a card that also paid into your account.Not rewarded',
      'Sadesa***@gmail.comJoined 12 Mar 2025, 14:05This account was paid from a bank account that also paid into your account.Not rewarded',
    ]);
    expect(referralTexts.notRewarded).toBe('Not rewarded');
    expect(screen.getByText('Earned so far').nextSibling?.textContent).toBe('₦0.00');
  });

  it('announces rewards since the last visit for 5 seconds and tells the server they were seen', async () => {
    const advance = startTestClock();
    const api = signedIn({
      'GET /api/v1/referrals': referrals({
        earnedKobo: 10_000,
        earned: '100.00',
        newRewardsKobo: 10_000,
        referrals: [
          aReferral({ status: 'success', rewardKobo: 5_000, rewardedAt: '2025-03-14T22:40:00.000Z' }),
        ],
      }),
    });
    renderApp('/refer');
    const notice = await screen.findByText('You earned ₦100.00 from referrals since your last visit.');
    expect(notice.getAttribute('data-tone')).toBe('success');
    await waitFor(() => {
      expect(api.callsTo('POST /api/v1/referrals/seen')).toHaveLength(1);
    });
    await advance(5_100);
    expect(screen.queryByText(/since your last visit/)).toBeNull();
    expect(api.callsTo('POST /api/v1/referrals/seen')).toHaveLength(1);
  });

  it('says kindly when the referrals cannot be loaded, and tries again', async () => {
    const api = signedIn({ 'GET /api/v1/referrals': apiError(500, 'INTERNAL', 'Oops') });
    const { user } = renderApp('/refer');
    expect(
      await screen.findByText('We could not load your referrals. Check your connection and try again.'),
    ).toBeTruthy();
    api.set('GET /api/v1/referrals', referrals());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(messages.referrals.empty)).toBeTruthy();
  });

  it('shows the panel alone at /Referer, without the dashboard around it', async () => {
    signedIn();
    const { router } = renderApp('/Referer');
    expect(await screen.findByRole('heading', { name: 'Refer and earn', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/referer');
    expect((await screen.findByLabelText<HTMLInputElement>('Your referral link')).value).toBe(LINK);
    expect(screen.getByText(messages.referrals.empty)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main tabs' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });
});
