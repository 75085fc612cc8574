import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import type { RefundDue } from '@quickvend/shared/api/refunds-due';
import {
  aManualRequestsPage,
  aManualRequest,
  apiError,
  aRefundDue,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

const deposit = aManualRequest({
  id: 'mfr_7',
  user: { id: 'usr_2', name: 'Bola Ade', email: 'bola@example.com' },
  depositorName: 'B. Ade',
  bankName: 'GTBank',
  awaitingApproval: false,
});

const manualList = (requests: Wire<ManualFundingRequest>[]) => ({ body: aManualRequestsPage(requests) });
const refundsList = (refundsDue: Wire<RefundDue>[]) => ({ body: { refundsDue } });

function fundingsApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_me', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/fundings': { body: { fundings: [], total: 0, page: 1, pageSize: 25 } },
    'GET /api/v1/admin/funding/manual': manualList([deposit]),
    'GET /api/v1/admin/refunds-due': refundsList([]),
    ...overrides,
  });
}

const depositsTable = () => screen.findByRole('table', { name: 'Pending manual funding requests' });

describe('manual deposits decided from the Fundings page', () => {
  it('asks to confirm an approval, with an optional note for the audit log, and sends it', async () => {
    const api = fundingsApi({
      'POST /api/v1/admin/funding/manual/:id/approve': {
        body: { request: { ...deposit, status: 'approved' }, approvalId: null },
      },
    });
    const { user } = renderApp('/admin/fundings');
    const table = await depositsTable();
    await user.click(within(table).getByRole('button', { name: 'Approve ₦10,000.00 from Bola Ade' }));
    expect(within(table).getByText('Credit ₦9,950.00 to Bola Ade?')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/funding/manual/:id/approve')).toHaveLength(0);

    api.set('GET /api/v1/admin/funding/manual', manualList([]));
    await user.type(
      within(table).getByLabelText("Note on approving Bola Ade's deposit (optional)"),
      'Seen on the GTBank statement',
    );
    await user.click(within(table).getByRole('button', { name: 'Confirm approve' }));
    expect(await screen.findByText('Approved: ₦9,950.00 credited to Bola Ade.')).toBeTruthy();
    const [call] = api.callsTo('POST /api/v1/admin/funding/manual/:id/approve');
    expect(call?.url).toBe('/api/v1/admin/funding/manual/mfr_7/approve');
    expect(call?.body).toEqual({ note: 'Seen on the GTBank statement' });
    expect(await screen.findByText('No deposits are waiting.')).toBeTruthy();
  });

  it('cancels an approval without deciding anything', async () => {
    const api = fundingsApi();
    const { user } = renderApp('/admin/fundings');
    const table = await depositsTable();
    await user.click(within(table).getByRole('button', { name: /^Approve/ }));
    await user.click(within(table).getByRole('button', { name: 'Cancel' }));
    expect(within(table).getByRole('button', { name: /^Approve/ })).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/funding/manual/:id/approve')).toHaveLength(0);
  });

  it('a deposit sent for a second admin says it waits, with no Approve or Reject again', async () => {
    const api = fundingsApi({
      'POST /api/v1/admin/funding/manual/:id/approve': { body: { request: deposit, approvalId: 'apr_1' } },
    });
    const { user } = renderApp('/admin/fundings');
    const table = await depositsTable();
    await user.click(within(table).getByRole('button', { name: /^Approve/ }));
    api.set('GET /api/v1/admin/funding/manual', manualList([{ ...deposit, awaitingApproval: true }]));
    await user.click(within(table).getByRole('button', { name: 'Confirm approve' }));
    expect(await screen.findByText(/^Sent for a second approval: ₦10,000.00 from Bola Ade/)).toBeTruthy();

    expect(await within(table).findByText('Waiting for a second admin')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Reject/ })).toBeNull();
    expect(within(table).getByRole('link', { name: 'Open Approvals' }).getAttribute('href')).toBe(
      '/admin/approvals',
    );
  });

  it('rejects from the Fundings page only with a reason the customer will see', async () => {
    const api = fundingsApi({
      'POST /api/v1/admin/funding/manual/:id/reject': (body) => ({
        body: { request: { ...deposit, status: 'rejected', reason: body.reason } },
      }),
    });
    const { user } = renderApp('/admin/fundings');
    const table = await depositsTable();
    await user.click(within(table).getByRole('button', { name: /^Reject/ }));
    await user.click(within(table).getByRole('button', { name: 'Confirm reject' }));
    expect(await within(table).findByText('Give a reason the customer will see.')).toBeTruthy();
    await user.type(
      within(table).getByLabelText("Reason for rejecting Bola Ade's deposit"),
      'No deposit found.',
    );
    await user.click(within(table).getByRole('button', { name: 'Confirm reject' }));
    expect(await screen.findByText('Rejected: Bola Ade will see your reason.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/funding/manual/:id/reject')[0]?.body).toEqual({
      reason: 'No deposit found.',
    });
  });
});

describe('money to send back', () => {
  const card = aRefundDue();
  const transfer = aRefundDue({
    id: 'rfd_2',
    source: 'transfer',
    reference: 'T8X2K4',
    amountKobo: 750_000,
    amount: '7500.00',
    payer: {
      name: 'MUSA BELLO',
      email: null,
      bank: 'Test Bank',
      accountNumber: '0123456789',
      cardLast4: null,
    },
  });

  it('lists what closed accounts received with who paid it and from where', async () => {
    fundingsApi({ 'GET /api/v1/admin/refunds-due': refundsList([card, transfer]) });
    renderApp('/admin/fundings');
    const table = await screen.findByRole('table', { name: 'Money to send back' });
    const [, first, second] = within(table).getAllByRole('row');
    const cardRow = within(first as HTMLElement);
    expect(cardRow.getByText('Musa Bello')).toBeTruthy();
    expect(cardRow.getByText('musa@example.com')).toBeTruthy();
    expect(cardRow.getByText('Card ending 4081 (GTBank)')).toBeTruthy();
    expect(cardRow.getByText('₦2,500.00')).toBeTruthy();
    const transferRow = within(second as HTMLElement);
    expect(transferRow.getByText('Bank transfer from Test Bank 0123456789')).toBeTruthy();
    expect(transferRow.getByText('Reference T8X2K4')).toBeTruthy();
    expect(transferRow.getByText('₦7,500.00')).toBeTruthy();
  });

  it('marks money as sent back only with a note, and then shows it waiting for a second admin', async () => {
    const api = fundingsApi({
      'GET /api/v1/admin/refunds-due': refundsList([card]),
      'POST /api/v1/admin/refunds-due/:id/return': {
        status: 202,
        body: { refundDue: { ...card, waitingApprovalId: 'apr_9' } },
      },
    });
    const { user } = renderApp('/admin/fundings');
    const table = await screen.findByRole('table', { name: 'Money to send back' });
    await user.click(
      within(table).getByRole('button', { name: 'Mark ₦2,500.00 to Musa Bello as sent back' }),
    );
    await user.click(within(table).getByRole('button', { name: 'Confirm sent back' }));
    expect(
      await within(table).findByText(
        'Say how the money was sent back: the bank, the date and the transfer reference.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/refunds-due/:id/return')).toHaveLength(0);

    api.set('GET /api/v1/admin/refunds-due', refundsList([{ ...card, waitingApprovalId: 'apr_9' }]));
    await user.type(
      within(table).getByLabelText('How ₦2,500.00 went back to Musa Bello'),
      'Refunded on Paystack, 3 March',
    );
    await user.click(within(table).getByRole('button', { name: 'Confirm sent back' }));
    expect(
      await screen.findByText(
        'Sent for a second admin: once another admin approves it on the Approvals page, ₦2,500.00 is recorded as sent back to Musa Bello.',
      ),
    ).toBeTruthy();
    const [call] = api.callsTo('POST /api/v1/admin/refunds-due/:id/return');
    expect(call?.url).toBe('/api/v1/admin/refunds-due/rfd_1/return');
    expect(call?.body).toEqual({ note: 'Refunded on Paystack, 3 March' });
    expect(await within(table).findByText('Waiting for a second admin')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /sent back/ })).toBeNull();
  });

  it('says so when it was already marked, and when nothing is waiting', async () => {
    fundingsApi({
      'GET /api/v1/admin/refunds-due': refundsList([card]),
      'POST /api/v1/admin/refunds-due/:id/return': apiError(
        409,
        'CONFLICT',
        'This money has already been marked as sent back.',
      ),
    });
    const { user } = renderApp('/admin/fundings');
    const table = await screen.findByRole('table', { name: 'Money to send back' });
    await user.click(within(table).getByRole('button', { name: /as sent back$/ }));
    await user.type(within(table).getByLabelText(/went back to Musa Bello/), 'Refunded on Paystack');
    await user.click(within(table).getByRole('button', { name: 'Confirm sent back' }));
    const message = await screen.findByText('This money has already been marked as sent back.');
    expect(message.getAttribute('data-tone')).toBe('error');
  });

  it('shows an empty list plainly', async () => {
    fundingsApi();
    renderApp('/admin/fundings');
    expect(await screen.findByText('No money is waiting to be sent back.')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Money to send back' })).toBeTruthy();
    });
  });
});
