import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { purchaseAdminMessages as say } from '@quickvend/shared/api/admin-purchases';
import { aPurchaseDetail, aPurchaseEvent } from '@/lib/testing/admin-purchases.ts';
import { apiError, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import { adminApi, delivered, stuck } from './admin-purchases-testing.ts';

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
            aPurchaseEvent({
              id: 'pev_3',
              kind: 'provider.purchase',
              provider: 'flutterwave',
              outcome: 'delivered',
              code: null,
              note: 'Bill payment successful',
              raw: { status: 'success' },
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
      'Asked Flutterwave to deliver',
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
