import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  purchaseAdminMessages as say,
  type AdminPurchase,
  type PurchasesSummary,
} from '@quickvend/shared/api/admin-purchases';
import { aPurchaseDetail, aPurchaseEvent, anAdminPurchase } from '@/lib/testing/admin-purchases.ts';
import { apiError, aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

const stuck = anAdminPurchase({ isStuck: true, amountKobo: 50_000, chargedKobo: 49_500 });
const delivered = anAdminPurchase({
  id: 'pur_01JQ0000000000000DELIVERED',
  serviceName: 'DStv',
  phone: '08011111111',
  billersCode: '1212121212',
  planName: 'DStv Compact',
  status: 'delivered',
  stage: 'delivered',
  channel: 'api',
  amountKobo: 1_900_000,
  chargedKobo: 1_881_000,
  costKobo: 1_862_000,
  marginKobo: 19_000,
});

const summary = (flagged: number): { body: PurchasesSummary } => ({
  body: {
    byStatus: { processing: 0, pending: flagged, delivered: 1, failed: 0 },
    open: flagged,
    flagged,
    disputes: { open: 0, oldestOpenAt: null },
  },
});
const page = (purchases: Wire<AdminPurchase>[], total = purchases.length) => ({
  body: { purchases, total, page: 1, pageSize: 25 },
});

function adminApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_me', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/purchases/summary': summary(1),
    'GET /api/v1/admin/purchases': page([stuck, delivered], 2),
    ...overrides,
  });
}

const lastSearch = (api: ReturnType<typeof adminApi>) =>
  new URL(api.callsTo('GET /api/v1/admin/purchases').at(-1)?.url ?? '', 'http://localhost').searchParams;

describe('admin purchases search', () => {
  it('lists purchases with the customer, naira amounts, status and the stuck ones flagged', async () => {
    adminApi();
    renderApp('/admin/purchases');
    const table = await screen.findByRole('table', { name: 'Purchases found' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText('Bola Ade')).toBeTruthy();
    expect(first.getByText('bola@example.com')).toBeTruthy();
    expect(first.getByText('₦500.00')).toBeTruthy();
    expect(first.getByText('charged ₦495.00')).toBeTruthy();
    expect(first.getByText('Pending')).toBeTruthy();
    expect(first.getByText('Over 24 hours')).toBeTruthy();
    expect(
      first.getByRole('link', { name: /Open the MTN Airtime VTU purchase for 08031234567/ }),
    ).toBeTruthy();
    const second = within(rows[2] as HTMLElement);
    expect(second.getByText('DStv Compact · Partner API')).toBeTruthy();
    expect(second.getByText('1212121212')).toBeTruthy();
    expect(second.getByText('Delivered')).toBeTruthy();
    expect(screen.getByText('1–2 of 2 purchases · Page 1 of 1')).toBeTruthy();
  });

  it('turns the stuck count into the filter, and every filter into the address and the request', async () => {
    const api = adminApi();
    const { user } = renderApp('/admin/purchases');
    const notice = await screen.findByText(/been pending for over 24 hours/);
    expect(notice.textContent).toContain('1 purchase has been pending for over 24 hours.');
    await user.click(screen.getByRole('button', { name: 'Show them' }));
    await waitFor(() => {
      expect(lastSearch(api).get('stuck')).toBe('true');
    });
    expect(screen.queryByText(/has been pending for over 24 hours/)).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Only purchases pending over 24 hours').checked).toBe(
      true,
    );

    await user.type(screen.getByLabelText('Customer'), 'Bola@Example.com');
    await user.type(screen.getByLabelText('Phone, smartcard or meter'), '0803 123');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(lastSearch(api).get('user')).toBe('Bola@Example.com');
    });
    expect(lastSearch(api).get('number')).toBe('0803 123');
    expect(lastSearch(api).get('stuck')).toBe('true');

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => {
      expect(lastSearch(api).get('status')).toBe('pending');
    });
    expect(lastSearch(api).get('user')).toBe('Bola@Example.com');

    const table = screen.getByRole('table', { name: 'Purchases found' });
    await user.click(within(table).getByRole('button', { name: /Amount/ }));
    await waitFor(() => {
      expect(lastSearch(api).get('sort')).toBe('amount');
    });
    expect(lastSearch(api).get('order')).toBe('desc');
    expect(
      within(table)
        .getByRole('columnheader', { name: /Amount/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');

    const csv = screen.getByRole('link', { name: 'Download CSV' });
    const csvUrl = new URL(csv.getAttribute('href') ?? '', 'http://localhost');
    expect(csvUrl.pathname).toBe('/api/v1/admin/purchases.csv');
    expect(Object.fromEntries(csvUrl.searchParams)).toEqual({
      stuck: 'true',
      user: 'Bola@Example.com',
      number: '0803 123',
      status: 'pending',
      sort: 'amount',
      order: 'desc',
    });
  });

  it('checks amounts before searching, and pages through the results', async () => {
    const api = adminApi({ 'GET /api/v1/admin/purchases': page([stuck], 60) });
    const { user } = renderApp('/admin/purchases');
    await screen.findByText('1–25 of 60 purchases · Page 1 of 3');
    await user.type(screen.getByLabelText('Smallest amount (₦)'), '1,500.5');
    await user.type(screen.getByLabelText('Largest amount (₦)'), 'lots');
    const before = api.callsTo('GET /api/v1/admin/purchases').length;
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(say.badAmount)).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/purchases')).toHaveLength(before);

    await user.clear(screen.getByLabelText('Largest amount (₦)'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(lastSearch(api).get('minAmount')).toBe('1500.5');
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(lastSearch(api).get('page')).toBe('2');
    });
  });

  it('says so when nothing matches', async () => {
    adminApi({ 'GET /api/v1/admin/purchases': page([]), 'GET /api/v1/admin/purchases/summary': summary(0) });
    renderApp('/admin/purchases?status=failed');
    expect(await screen.findByText('No purchases match these filters.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('failed');
  });
});

describe('admin purchase detail', () => {
  const url = `/admin/purchases/${stuck.id}`;
  const detailApi = (overrides: MockHandlers = {}) =>
    adminApi({
      'GET /api/v1/admin/purchases/:id': {
        body: aPurchaseDetail({
          purchase: stuck,
          events: [
            aPurchaseEvent(),
            aPurchaseEvent({
              id: 'pev_2',
              kind: 'provider.callback',
              outcome: null,
              code: null,
              note: 'Asked VTpass again',
              raw: { type: 'transaction-update', data: { 'api-key': '[removed]' } },
            }),
          ],
        }),
      },
      ...overrides,
    });

  it('shows the customer with a link to their page, the money, and the timeline with raw answers', async () => {
    detailApi();
    const { user } = renderApp(url);
    expect(await screen.findByRole('heading', { name: /MTN Airtime VTU · 08031234567/ })).toBeTruthy();
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(within(customer).getByRole('link', { name: 'Bola Ade' }).getAttribute('href')).toBe(
      '/edit-user/usr_01JQ0000000000000000ABCDEF',
    );
    const money = screen.getByRole('region', { name: 'Money' });
    expect(within(money).getByText('₦500.00')).toBeTruthy();
    expect(within(money).getByText('₦495.00')).toBeTruthy();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    const lines = within(timeline).getAllByRole('listitem');
    expect(lines.map((line) => line.querySelector('p')?.textContent)).toEqual([
      'Asked VTpass to deliver',
      'VTpass called back',
    ]);
    expect(within(lines[0] as HTMLElement).getByText('code 099')).toBeTruthy();
    await user.click(within(lines[1] as HTMLElement).getByText('VTpass’s answer'));
    expect(within(lines[1] as HTMLElement).getByText(/"api-key": "\[removed\]"/)).toBeTruthy();
  });

  it('shows the newest events and fetches older ones a page at a time, only when asked', async () => {
    const callback = (n: number) =>
      aPurchaseEvent({ id: `pev_${n}`, kind: 'provider.callback', note: `Callback ${n}`, raw: null });
    const api = detailApi({
      'GET /api/v1/admin/purchases/:id': {
        body: aPurchaseDetail({
          purchase: stuck,
          events: [callback(5), callback(6)],
          olderEventsCursor: 'pev_5',
        }),
      },
      'GET /api/v1/admin/purchases/:id/events': (_body, requested) =>
        requested.searchParams.get('before') === 'pev_5'
          ? { body: { events: [callback(3), callback(4)], olderEventsCursor: 'pev_3' } }
          : { body: { events: [callback(1), callback(2)], olderEventsCursor: null } },
    });
    const { user } = renderApp(url);
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const notes = () =>
      within(timeline)
        .getAllByText(/^Callback \d$/)
        .map((line) => line.textContent);
    expect(notes()).toEqual(['Callback 5', 'Callback 6']);
    expect(api.callsTo('GET /api/v1/admin/purchases/:id/events')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Show older events' }));
    await waitFor(() => {
      expect(notes()).toEqual(['Callback 3', 'Callback 4', 'Callback 5', 'Callback 6']);
    });
    await user.click(screen.getByRole('button', { name: 'Show older events' }));
    await waitFor(() => {
      expect(notes()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Callback ${n}`));
    });
    expect(screen.queryByRole('button', { name: 'Show older events' })).toBeNull();
    expect(api.callsTo('GET /api/v1/admin/purchases/:id/events').map((call) => call.url)).toEqual([
      `/api/v1/admin/purchases/${stuck.id}/events?before=pev_5`,
      `/api/v1/admin/purchases/${stuck.id}/events?before=pev_3`,
    ]);
  });

  it('requeries now and shows what VTpass said, then fetches the purchase again', async () => {
    const api = detailApi({
      'POST /api/v1/admin/purchases/:id/requery': {
        body: { purchase: { ...stuck, stage: 'pending' }, message: say.requeried.pending },
      },
    });
    const { user } = renderApp(url);
    await user.click(await screen.findByRole('button', { name: 'Requery now' }));
    expect(await screen.findByText(say.requeried.pending)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/purchases/:id/requery')[0]?.url).toBe(
      `/api/v1/admin/purchases/${stuck.id}/requery`,
    );
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/admin/purchases/:id').length).toBeGreaterThan(1);
    });
  });

  it('refunds only with a reason, and says a purchase settled meanwhile cannot be refunded', async () => {
    const api = detailApi({
      'POST /api/v1/admin/purchases/:id/refund': (body) =>
        body.reason.includes('twice')
          ? apiError(409, 'CONFLICT', say.alreadyRefunded)
          : {
              body: {
                outcome: 'refunded',
                purchase: { ...stuck, stage: 'failed', status: 'failed' },
                message: say.refundedOnProviderWord,
                approval: null,
              },
            },
    });
    const { user } = renderApp(url);
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    expect(screen.getByText(/VTpass is asked first/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refund ₦495.00' }));
    expect(await screen.findByText(say.refundReasonRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/purchases/:id/refund')).toHaveLength(0);

    await user.type(screen.getByLabelText('Reason for the refund'), 'VTpass says it never reached MTN.');
    await user.click(screen.getByRole('button', { name: 'Refund ₦495.00' }));
    const done = await screen.findByText(say.refundedOnProviderWord);
    expect(done.getAttribute('data-tone')).toBe('success');
    expect(api.callsTo('POST /api/v1/admin/purchases/:id/refund')[0]?.body).toEqual({
      reason: 'VTpass says it never reached MTN.',
    });

    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    await user.type(screen.getByLabelText('Reason for the refund'), 'Refund it twice');
    await user.click(screen.getByRole('button', { name: 'Refund ₦495.00' }));
    const refused = await screen.findByText(`Error: ${say.alreadyRefunded}`);
    expect(refused.getAttribute('data-tone')).toBe('error');
  });

  it('says a refund VTpass has not called failed is sent for a second admin’s approval, and shows it waiting', async () => {
    const waiting = {
      approvalId: 'apr_9',
      requestedAt: '2025-03-12T15:00:00.000Z',
      requestedBy: 'me@example.com',
      reason: 'The customer says nothing arrived.',
    };
    const api = detailApi({
      'POST /api/v1/admin/purchases/:id/refund': () => {
        api.set('GET /api/v1/admin/purchases/:id', {
          body: aPurchaseDetail({ purchase: stuck, pendingRefund: waiting }),
        });
        return {
          body: {
            outcome: 'awaiting_approval',
            purchase: stuck,
            message: say.refundRequested,
            approval: { id: 'apr_9', status: 'pending', requestedAt: waiting.requestedAt },
          },
        };
      },
    });
    const { user } = renderApp(url);
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    await user.type(screen.getByLabelText('Reason for the refund'), waiting.reason);
    await user.click(screen.getByRole('button', { name: 'Refund ₦495.00' }));
    const sent = await screen.findByText(say.refundRequested);
    expect(sent.textContent).toMatch(/^Sent for a second admin’s approval/);
    expect(sent.getAttribute('data-tone')).toBe('info');
    expect(await screen.findByText('Waiting for a second admin to approve a refund')).toBeTruthy();
    expect(screen.getByText(/me@example.com asked on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund…' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark delivered…' })).toBeTruthy();
  });

  it('says there is nothing to refund when VTpass delivered it', async () => {
    detailApi({
      'POST /api/v1/admin/purchases/:id/refund': {
        body: {
          outcome: 'delivered',
          purchase: { ...stuck, stage: 'delivered', status: 'delivered' },
          message: say.refundFoundDelivered,
          approval: null,
        },
      },
    });
    const { user } = renderApp(url);
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    await user.type(screen.getByLabelText('Reason for the refund'), 'The customer says nothing arrived.');
    await user.click(screen.getByRole('button', { name: 'Refund ₦495.00' }));
    const said = await screen.findByText('VTpass delivered this purchase: there is nothing to refund.');
    expect(said.getAttribute('data-tone')).toBe('info');
  });

  it('sends a delivery for a second admin’s approval with the evidence', async () => {
    const api = detailApi({
      'POST /api/v1/admin/purchases/:id/deliver': {
        status: 201,
        body: {
          approval: { id: 'apr_1', status: 'pending', requestedAt: '2025-03-12T15:00:00.000Z' },
          message: say.deliveryRequested,
        },
      },
    });
    const { user } = renderApp(url);
    await user.click(await screen.findByRole('button', { name: 'Mark delivered…' }));
    await user.type(screen.getByLabelText('Evidence that it was delivered'), 'Ticket 4411: delivered.');
    await user.type(screen.getByLabelText('VTpass transaction ID (optional)'), 'VT-4411');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText(say.deliveryRequested)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/purchases/:id/deliver')[0]?.body).toEqual({
      evidence: 'Ticket 4411: delivered.',
      providerReference: 'VT-4411',
    });
  });

  it('shows a delivery waiting for approval, and offers nothing on a final purchase', async () => {
    detailApi({
      'GET /api/v1/admin/purchases/:id': {
        body: aPurchaseDetail({
          purchase: stuck,
          pendingDelivery: {
            approvalId: 'apr_1',
            requestedAt: '2025-03-12T15:00:00.000Z',
            requestedBy: 'ife@example.com',
            evidence: 'Ticket 4411',
          },
        }),
      },
    });
    renderApp(url);
    expect(await screen.findByText('Waiting for a second admin to confirm delivery')).toBeTruthy();
    expect(screen.getByText(/ife@example.com asked on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark delivered…' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refund…' })).toBeTruthy();
  });

  it('offers no action on a delivered purchase and shows its margin', async () => {
    adminApi({
      'GET /api/v1/admin/purchases/:id': { body: aPurchaseDetail({ purchase: delivered, events: [] }) },
    });
    renderApp(`/admin/purchases/${delivered.id}`);
    expect(
      await screen.findByText(/This purchase is delivered: there is\s+nothing left to resolve./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Requery now' })).toBeNull();
    const money = screen.getByRole('region', { name: 'Money' });
    expect(within(money).getByText('₦190.00')).toBeTruthy();
    expect(within(money).getByText('₦18,620.00')).toBeTruthy();
    expect(screen.getByText('Nothing recorded for this purchase yet.')).toBeTruthy();
  });

  it('says when the purchase does not exist', async () => {
    adminApi({ 'GET /api/v1/admin/purchases/:id': apiError(404, 'NOT_FOUND', say.notFound) });
    renderApp('/admin/purchases/pur_nothing');
    expect(await screen.findByText(`Error: ${say.notFound}`)).toBeTruthy();
  });
});
