import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StatementLine } from '@quickvend/shared/api/wallet';
import { messages } from '@quickvend/shared/messages';
import { apiError, aUser, aWallet, mockApi, sandboxMeta } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

function aLine(overrides: Partial<StatementLine>): StatementLine {
  return {
    id: 1,
    kind: 'funding.card',
    reference: 'QV-REF-1',
    memo: 'Card payment',
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
  it('shows the user, the balance, the breakdown and the statement, a page at a time', async () => {
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
              reference: 'mfr_1',
              inKobo: 995_000,
              balanceAfterKobo: 1_749_950,
            }),
            aLine({
              id: 2,
              kind: 'purchase.settle',
              reference: 'pur_1',
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
    expect(within(rows[0] as HTMLElement).getByText('Manual deposit')).toBeTruthy();
    expect(rows[0]?.textContent).toContain('+₦9,950.00');
    expect(rows[0]?.textContent).toContain('Balance ₦17,499.50');
    expect(within(rows[1] as HTMLElement).getByText('Purchase')).toBeTruthy();
    expect(rows[1]?.textContent).toContain('−₦2,500.50');
    expect(api.callsTo('GET /api/v1/wallet/statement')[0]?.url).toBe('/api/v1/wallet/statement?limit=20');

    api.set('GET /api/v1/wallet/statement', {
      body: { lines: [aLine({ id: 1, reference: 'QV-REF-1' })], nextCursor: null },
    });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(within(statement).getAllByRole('listitem')).toHaveLength(3);
    });
    expect(within(statement).getByText('Card payment')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/wallet/statement')[1]?.url).toBe(
      '/api/v1/wallet/statement?limit=20&cursor=2',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
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
