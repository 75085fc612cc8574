import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aManualRequest,
  aManualRequestsPage,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const flood = Array.from({ length: 50 }, (_, i) =>
  aManualRequest({
    id: `mfr_flood_${String(i).padStart(2, '0')}`,
    user: { id: 'usr_flood', name: 'Flood Account', email: 'flood@example.com' },
    depositorName: 'Flood',
  }),
);
const honest = aManualRequest({
  id: 'mfr_honest',
  user: { id: 'usr_2', name: 'Bola Ade', email: 'bola@example.com' },
  depositorName: 'B. Ade',
  amountKobo: 2_000_000,
  creditKobo: 1_995_000,
  createdAt: '2025-03-13T09:30:00.000Z',
});

/** The server's pages: the flood first (oldest first), then Bola's, or Bola's alone when asked for. */
function adminApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_me', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/fundings': { body: { fundings: [], total: 0, page: 1, pageSize: 25 } },
    'GET /api/v1/admin/refunds-due': { body: { refundsDue: [] } },
    'GET /api/v1/admin/funding/manual': (_body, url) => {
      const query = url.searchParams;
      if (query.get('user') === 'bola@example.com') return { body: aManualRequestsPage([honest]) };
      if (query.get('cursor') === 'mfr_flood_49')
        return { body: aManualRequestsPage([honest], { total: 51 }) };
      return { body: aManualRequestsPage(flood, { total: 51, nextCursor: 'mfr_flood_49' }) };
    },
    ...overrides,
  });
}

const table = () => screen.findByRole('table', { name: 'Pending manual funding requests' });

describe('admin manual deposits, a page at a time', () => {
  it('shows how many wait and brings the next page on "Show more", so a flood hides nobody', async () => {
    const api = adminApi();
    const { user } = renderApp('/admin/fundings');
    const rows = await table();
    expect(within(rows).getAllByText('Flood Account')).toHaveLength(50);
    expect(within(rows).queryByText('Bola Ade')).toBeNull();
    expect(screen.getByText('Showing 50 of 51 deposits waiting, oldest first.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(await table()).findByText('Bola Ade')).toBeTruthy();
    expect(screen.getByText('Showing 51 of 51 deposits waiting, oldest first.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    const asked = api.callsTo('GET /api/v1/admin/funding/manual').map((call) => call.url);
    expect(asked).toEqual([
      '/api/v1/admin/funding/manual?status=pending&limit=50',
      '/api/v1/admin/funding/manual?status=pending&limit=50&cursor=mfr_flood_49',
    ]);
  });

  it('finds one customer’s deposits by email, and shows everyone again', async () => {
    const api = adminApi();
    const { user } = renderApp('/admin/fundings');
    await table();
    const search = screen.getByRole('search', { name: 'Find a customer’s deposits' });
    await user.type(within(search).getByLabelText('Waiting deposits of one customer'), 'bola@example.com');
    await user.click(within(search).getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Showing 1 of 1 deposit waiting, oldest first.')).toBeTruthy();
    const rows = await table();
    expect(within(rows).getByText('Bola Ade')).toBeTruthy();
    expect(within(rows).queryByText('Flood Account')).toBeNull();
    expect(api.callsTo('GET /api/v1/admin/funding/manual').at(-1)?.url).toBe(
      '/api/v1/admin/funding/manual?status=pending&limit=50&user=bola%40example.com',
    );

    await user.click(within(search).getByRole('button', { name: 'Show everyone' }));
    expect(await screen.findByText('Showing 50 of 51 deposits waiting, oldest first.')).toBeTruthy();
  });

  it('counts every waiting deposit on the admin home, not only the first page', async () => {
    adminApi({
      'GET /api/v1/admin/purchases/flagged': { body: { purchases: [] } },
    });
    renderApp('/admin');
    const card = await screen.findByRole('region', { name: 'Manual deposits waiting' });
    expect(await within(card).findByText('51 deposits')).toBeTruthy();
    expect(within(card).getByText('Oldest waiting since 12 Mar 2025, 14:05')).toBeTruthy();
  });
});
