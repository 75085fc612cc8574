import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StatementLine } from '@quickvend/shared/api/wallet';
import { messages } from '@quickvend/shared/messages';
import { apiError, aUser, aWallet, mockApi, sandboxMeta } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

function aLine(overrides: Partial<Wire<StatementLine>>): Wire<StatementLine> {
  return {
    id: 1,
    kind: 'funding.card',
    description: 'Card payment',
    link: '/fund-wallet#payment-history-heading',
    inKobo: 500_000,
    outKobo: 0,
    balanceAfterKobo: 500_000,
    createdAt: '2025-03-12T13:05:00.000Z',
    ...overrides,
  };
}

const breakdown = {
  fundedKobo: 1_000_000,
  usedKobo: 250_050,
  fromAdminKobo: 995_000,
  referralKobo: 5_000,
  totalKobo: 1_749_950,
};

describe('wallet page', () => {
  it('shows the user, the balance, the breakdown and the statement in words, a page at a time', async () => {
    const api = mockApi({
      'GET /api/v1/session': { body: { user: aUser({ name: '' }) } },
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': aWallet(1_749_950, breakdown),
      'GET /api/v1/wallet/statement': {
        body: {
          lines: [
            aLine({
              id: 3,
              kind: 'funding.manual',
              description: 'Manual deposit (GTBank)',
              link: '/fund-wallet#manual-heading',
              inKobo: 995_000,
              balanceAfterKobo: 1_749_950,
            }),
            aLine({
              id: 2,
              kind: 'purchase.hold',
              description: 'MTN 1GB to 0803 123 4567',
              link: '/transactions/202503121305-ab',
              inKobo: 0,
              outKobo: 250_050,
              balanceAfterKobo: 754_950,
            }),
          ],
          nextCursor: 2,
        },
      },
    });
    const { user } = renderApp('/wallet');
    expect(await screen.findByRole('heading', { name: messages.wallet.title, level: 1 })).toBeTruthy();
    expect(await screen.findByText(messages.wallet.noUsername)).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Wallet breakdown' });
    await waitFor(() => {
      expect(within(table).getByRole('row', { name: 'Wallet Fund ₦10,000.00' })).toBeTruthy();
    });
    expect(within(table).getByRole('row', { name: 'Amount used from Wallet ₦2,500.50' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Fund from Admin ₦9,950.00' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Amount earned from Referral ₦50.00' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Total Balance ₦17,499.50' })).toBeTruthy();

    const statement = await screen.findByRole('list', { name: 'Statement' });
    const rows = within(statement).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    // each row is one link, named by what it was, the money and the balance after
    const deposit = within(rows[0] as HTMLElement).getByRole('link');
    expect(deposit.getAttribute('href')).toBe('/fund-wallet#manual-heading');
    expect(deposit.textContent).toContain('Manual deposit (GTBank)');
    expect(deposit.textContent).toContain('+₦9,950.00');
    expect(deposit.textContent).toContain('Balance ₦17,499.50');
    const purchase = within(rows[1] as HTMLElement).getByRole('link', { name: /^MTN 1GB to 0803 123 4567/ });
    expect(purchase.getAttribute('href')).toBe('/transactions/202503121305-ab');
    expect(purchase.textContent).toContain('−₦2,500.50');
    expect(statement.textContent).not.toMatch(/mfr_|pur_|purchase:/);
    expect(api.callsTo('GET /api/v1/wallet/statement')[0]?.url).toBe('/api/v1/wallet/statement?limit=20');

    api.set('GET /api/v1/wallet/statement', {
      body: {
        lines: [aLine({ id: 1, kind: 'adjustment', description: 'Adjustment by our team', link: null })],
        nextCursor: null,
      },
    });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(within(statement).getAllByRole('listitem')).toHaveLength(3);
    });
    // a line with nothing to open is words, not a link
    const adjustment = within(statement).getAllByRole('listitem')[2] as HTMLElement;
    expect(within(adjustment).getByText('Adjustment by our team')).toBeTruthy();
    expect(within(adjustment).queryByRole('link')).toBeNull();
    expect(within(statement).getAllByRole('link')).toHaveLength(2);
    expect(api.callsTo('GET /api/v1/wallet/statement')[1]?.url).toBe(
      '/api/v1/wallet/statement?limit=20&cursor=2',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens what a line was from its row, with the keyboard too', async () => {
    mockApi({
      'GET /api/v1/session': { body: { user: aUser() } },
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': aWallet(5_000),
      'GET /api/v1/wallet/statement': {
        body: {
          lines: [
            aLine({
              kind: 'referral.reward',
              description: 'Referral reward: Ngozi',
              link: '/refer',
              inKobo: 5_000,
            }),
          ],
          nextCursor: null,
        },
      },
      'GET /api/v1/referrals': {
        body: {
          code: 'abcdef-ABCDEF',
          link: 'http://localhost:3000/signup?ref=abcdef-ABCDEF',
          rewardKobo: 5_000,
          reward: '50.00',
          earnedKobo: 5_000,
          earned: '50.00',
          newRewardsKobo: 0,
          referrals: [],
        },
      },
    });
    const { user, router } = renderApp('/wallet');
    const row = await screen.findByRole('link', { name: /^Referral reward: Ngozi/ });
    for (let tabs = 0; tabs < 50 && document.activeElement !== row; tabs++) await user.tab();
    expect(document.activeElement).toBe(row);
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/refer');
    });
  });

  it('shows the username and an empty statement', async () => {
    mockApi({
      'GET /api/v1/session': { body: { user: aUser() } },
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': aWallet(0),
      'GET /api/v1/wallet/statement': { body: { lines: [], nextCursor: null } },
    });
    renderApp('/wallet');
    expect(await screen.findByText('Ada Obi', { selector: 'dd' })).toBeTruthy();
    expect(await screen.findByText('No wallet activity yet.')).toBeTruthy();
  });

  it('says the user is not logged in when the server refuses the session', async () => {
    mockApi({
      'GET /api/v1/session': { body: { user: aUser() } },
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': apiError(401, 'UNAUTHENTICATED', 'Please sign in.'),
      'GET /api/v1/wallet/statement': { body: { lines: [], nextCursor: null } },
    });
    renderApp('/wallet');
    expect(await screen.findByText(messages.wallet.notLoggedIn)).toBeTruthy();
  });

  it('says the details could not be retrieved on any other failure', async () => {
    mockApi({
      'GET /api/v1/session': { body: { user: aUser() } },
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': apiError(500, 'INTERNAL', 'Something went wrong.'),
      'GET /api/v1/wallet/statement': { body: { lines: [], nextCursor: null } },
    });
    renderApp('/wallet');
    expect(await screen.findByText(messages.wallet.retrieveFailed)).toBeTruthy();
  });
});
