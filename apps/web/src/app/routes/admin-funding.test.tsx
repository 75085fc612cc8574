import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aManualRequestsPage,
  aManualRequest,
  aPurchase,
  apiError,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const pending = aManualRequest({
  id: 'mfr_7',
  user: { id: 'usr_2', name: 'Bola Ade', email: 'bola@example.com' },
  depositorName: 'B. Ade',
  bankName: 'GTBank',
});

function adminApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/funding/manual': { body: aManualRequestsPage([pending]) },
    'GET /api/v1/admin/purchases/flagged': { body: { purchases: [] } },
    ...overrides,
  });
}

describe('admin manual funding requests', () => {
  it('lists pending deposits with the credit after the charge', async () => {
    const api = adminApi();
    renderApp('/admin');
    const table = await screen.findByRole('table', { name: 'Pending manual funding requests' });
    expect(within(table).getByText('Bola Ade')).toBeTruthy();
    expect(within(table).getByText('bola@example.com')).toBeTruthy();
    expect(within(table).getByText('B. Ade')).toBeTruthy();
    expect(within(table).getByText('GTBank')).toBeTruthy();
    expect(within(table).getByText('₦10,000.00')).toBeTruthy();
    expect(within(table).getByText('₦9,950.00')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/funding/manual')[0]?.url).toBe(
      '/api/v1/admin/funding/manual?status=pending&limit=50',
    );
  });

  it('approves a deposit once confirmed, then fetches the requests again', async () => {
    const api = adminApi({
      'POST /api/v1/admin/funding/manual/:id/approve': {
        body: {
          request: { ...pending, status: 'approved', decidedAt: '2025-03-12T14:00:00.000Z' },
          approvalId: null,
        },
      },
    });
    const { user } = renderApp('/admin');
    await screen.findByRole('table', { name: 'Pending manual funding requests' });
    api.set('GET /api/v1/admin/funding/manual', { body: aManualRequestsPage([]) });
    await user.click(screen.getByRole('button', { name: /^Approve/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm approve' }));

    expect(await screen.findByText('Approved: ₦9,950.00 credited to Bola Ade.')).toBeTruthy();
    const [call] = api.callsTo('POST /api/v1/admin/funding/manual/:id/approve');
    expect(call?.url).toBe('/api/v1/admin/funding/manual/mfr_7/approve');
    expect(call?.body).toEqual({});
    expect(await screen.findByText('No deposits are waiting.')).toBeTruthy();
  });

  it('says so when another admin decided first', async () => {
    adminApi({
      'POST /api/v1/admin/funding/manual/:id/approve': apiError(
        409,
        'CONFLICT',
        'This request has already been decided.',
      ),
    });
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: /^Approve/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm approve' }));
    const message = await screen.findByText('This request has already been decided.');
    expect(message.getAttribute('data-tone')).toBe('error');
  });

  it('rejects only with a reason, and sends it', async () => {
    const api = adminApi({
      'POST /api/v1/admin/funding/manual/:id/reject': (body) => ({
        body: { request: { ...pending, status: 'rejected', reason: body.reason } },
      }),
    });
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: /^Reject/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm reject' }));
    expect(await screen.findByText('Give a reason the customer will see.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/funding/manual/:id/reject')).toHaveLength(0);

    await user.type(screen.getByLabelText("Reason for rejecting Bola Ade's deposit"), 'No deposit found.');
    await user.click(screen.getByRole('button', { name: 'Confirm reject' }));
    expect(await screen.findByText('Rejected: Bola Ade will see your reason.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/funding/manual/:id/reject')[0]?.body).toEqual({
      reason: 'No deposit found.',
    });
  });
});

describe('admin purchases pending for a day', () => {
  it('lists them when there are some, and shows nothing when there are none', async () => {
    adminApi({
      'GET /api/v1/admin/purchases/flagged': {
        body: {
          purchases: [
            {
              ...aPurchase({
                serviceName: 'MTN Airtime',
                phone: '08031234567',
                chargedKobo: 50_000,
                status: 'pending',
              }),
              userId: 'usr_9',
            },
          ],
        },
      },
    });
    renderApp('/admin');
    const list = await screen.findByRole('list', { name: 'Flagged purchases' });
    expect(within(list).getByText(/MTN Airtime · 08031234567 · ₦500.00/)).toBeTruthy();
  });

  it('shows no section when nothing is flagged', async () => {
    adminApi();
    renderApp('/admin');
    await screen.findByRole('table', { name: 'Pending manual funding requests' });
    expect(screen.queryByRole('heading', { name: 'Purchases pending for over a day' })).toBeNull();
  });
});
