import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WalletAdjustmentForm } from '@/features/admin-users/components/wallet-adjustment-form.tsx';
import { aFloat, anApproval, approvalAdmins, aSettingChange } from '@/lib/testing/admin-money.ts';
import {
  aManualRequestsPage,
  aManualRequest,
  apiError,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderRoutes } from '@/lib/testing/render.tsx';
import { renderApp } from '../testing.tsx';

const decided = anApproval({
  id: 'apr_01JQ00000000000000000000DD',
  kind: 'manual_deposit.approve',
  targetId: 'mfr_1',
  customer: { id: 'usr_musa', name: 'Musa Bello', email: 'musa@example.com' },
  payload: { userId: 'usr_musa', depositorName: 'Musa Bello', bankName: 'Zenith', creditKobo: 7_995_000 },
  amountKobo: 8_000_000,
  reason: 'Manual deposit of ₦80,000.00 by Musa Bello (Zenith)',
  status: 'rejected',
  decidedBy: approvalAdmins.bola,
  decidedAt: '2025-03-12T10:00:00.000Z',
  decisionNote: 'Not in the statement',
});

function adminApi(pending: ReturnType<typeof anApproval>[], overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_bola', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/float': { body: aFloat() },
    'GET /api/v1/admin/approvals': (_body, url) => ({
      body: { approvals: url.searchParams.get('status') === 'decided' ? [decided] : pending },
    }),
    ...overrides,
  });
}

describe('the approvals page', () => {
  it('lists what waits for a second admin in plain words, and what was decided', async () => {
    adminApi([
      anApproval(),
      anApproval({
        id: 'apr_01JQ00000000000000000000BB',
        payload: { userId: 'usr_kemi', direction: 'debit' },
        amountKobo: 7_500_000,
        reason: 'Chargeback',
        requestedBy: approvalAdmins.bola,
        requestedAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(),
        isMine: true,
      }),
    ]);
    renderApp('/admin/approvals');
    const table = await screen.findByRole('table', { name: 'Requests waiting for a second admin' });
    const [, oldest, newer] = within(table).getAllByRole('row');
    if (!oldest || !newer) throw new Error('rows missing');
    // oldest first: Bola's own debit, two days old
    expect(within(oldest).getByText('Wallet debit')).toBeTruthy();
    expect(within(oldest).getByText('2 days')).toBeTruthy();
    expect(within(oldest).getByText('Yours: another admin must decide it.')).toBeTruthy();
    expect(within(oldest).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(
      within(oldest).getByRole('button', {
        name: 'Withdraw your request: Wallet debit of ₦75,000.00 for Kemi Ade',
      }),
    ).toBeTruthy();

    expect(within(newer).getByText('Wallet credit')).toBeTruthy();
    expect(within(newer).getByRole('link', { name: 'Kemi Ade' }).getAttribute('href')).toBe(
      '/edit-user/usr_kemi',
    );
    expect(within(newer).getByText('₦60,000.00')).toBeTruthy();
    expect(within(newer).getByText('Ada Admin')).toBeTruthy();
    expect(within(newer).getByText('Transfer without a reference')).toBeTruthy();
    expect(within(newer).getByText('3 h')).toBeTruthy();

    const history = await screen.findByRole('table', { name: 'Requests decided lately' });
    expect(within(history).getByText('Manual deposit')).toBeTruthy();
    expect(within(history).getByText('Paid by Musa Bello · Zenith')).toBeTruthy();
    expect(within(history).getByText('Rejected')).toBeTruthy();
    expect(within(history).getByText('“Not in the statement”')).toBeTruthy();
  });

  it('approves after a second look, with an optional note, and shows the list again', async () => {
    const api = adminApi([anApproval()], {
      'POST /api/v1/admin/approvals/:id/approve': (body) => ({
        body: {
          approval: anApproval({
            status: 'approved',
            decidedBy: approvalAdmins.bola,
            decidedAt: '2025-03-12T10:00:00.000Z',
            decisionNote: body.note ?? null,
          }),
        },
      }),
    });
    const { user } = renderApp('/admin/approvals');
    await user.click(
      await screen.findByRole('button', { name: 'Approve: Wallet credit of ₦60,000.00 for Kemi Ade' }),
    );
    expect(api.callsTo('POST /api/v1/admin/approvals/:id/approve')).toHaveLength(0);
    await user.type(screen.getByLabelText('Note (optional)'), 'Matches the statement');
    api.set('GET /api/v1/admin/approvals', (_body, url) => ({
      body: { approvals: url.searchParams.get('status') === 'decided' ? [decided] : [] },
    }));
    await user.click(screen.getByRole('button', { name: 'Confirm approve' }));

    expect(await screen.findByText('Approved: Wallet credit of ₦60,000.00 for Kemi Ade.')).toBeTruthy();
    const [call] = api.callsTo('POST /api/v1/admin/approvals/:id/approve');
    expect(call?.url).toBe('/api/v1/admin/approvals/apr_01JQ00000000000000000000AA/approve');
    expect(call?.body).toEqual({ note: 'Matches the statement' });
    expect(await screen.findByText('Nothing is waiting for a second admin.')).toBeTruthy();
  });

  it("shows the server's refusal: one's own request, or one already decided", async () => {
    adminApi([anApproval()], {
      'POST /api/v1/admin/approvals/:id/approve': apiError(
        403,
        'FORBIDDEN',
        'A second admin must decide this: you cannot approve or reject your own request.',
      ),
    });
    const { user } = renderApp('/admin/approvals');
    await user.click(await screen.findByRole('button', { name: /^Approve:/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm approve' }));
    const message = await screen.findByText(
      'A second admin must decide this: you cannot approve or reject your own request.',
    );
    expect(message.getAttribute('data-tone')).toBe('error');
  });

  it('rejects only with a note, and withdraws one of its own', async () => {
    const mine = anApproval({ id: 'apr_01JQ00000000000000000000CC', reason: 'Mine', isMine: true });
    const api = adminApi([anApproval(), mine], {
      'POST /api/v1/admin/approvals/:id/reject': (body) => ({
        body: { approval: anApproval({ status: 'rejected', decisionNote: body.note }) },
      }),
      'POST /api/v1/admin/approvals/:id/cancel': { body: { approval: { ...mine, status: 'cancelled' } } },
    });
    const { user } = renderApp('/admin/approvals');
    await user.click(await screen.findByRole('button', { name: /^Reject:/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm reject' }));
    expect(await screen.findByText('Say why you are rejecting it.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/approvals/:id/reject')).toHaveLength(0);
    await user.type(screen.getByLabelText('Why reject it?'), 'No ticket for this');
    await user.click(screen.getByRole('button', { name: 'Confirm reject' }));
    expect(await screen.findByText('Rejected: Wallet credit of ₦60,000.00 for Kemi Ade.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/approvals/:id/reject')[0]?.body).toEqual({
      note: 'No ticket for this',
    });

    await user.click(screen.getByRole('button', { name: /^Withdraw your request/ }));
    expect(await screen.findByText('Withdrawn: Wallet credit of ₦60,000.00 for Kemi Ade.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/approvals/:id/cancel')[0]?.url).toBe(
      '/api/v1/admin/approvals/apr_01JQ00000000000000000000CC/cancel',
    );
  });

  it('filters by kind and orders by amount', async () => {
    adminApi([
      anApproval(),
      anApproval({
        id: 'apr_01JQ00000000000000000000EE',
        kind: 'purchase.deliver',
        targetId: 'pur_01JQABCDEF',
        customer: null,
        payload: { evidence: 'Token confirmed by VTpass' },
        amountKobo: 9_000_000,
        reason: 'Token confirmed by VTpass',
      }),
    ]);
    const { user } = renderApp('/admin/approvals');
    const table = await screen.findByRole('table', { name: 'Requests waiting for a second admin' });
    await user.selectOptions(screen.getByLabelText('Order'), 'Largest amount');
    const first = within(table).getAllByRole('row')[1];
    if (!first) throw new Error('no rows');
    expect(within(first).getByText('Mark purchase delivered')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Purchase 01JQAB' }).getAttribute('href')).toBe(
      '/admin/purchases/pur_01JQABCDEF',
    );
    await user.selectOptions(screen.getByLabelText('Show'), 'Wallet credits and debits');
    expect(within(table).queryByText('Mark purchase delivered')).toBeNull();
    expect(within(table).getByText('Wallet credit')).toBeTruthy();
  });

  it('lists a money setting change from old to new, linked to Settings, where the limits now live', async () => {
    adminApi([aSettingChange('approvals.thresholdKobo', 5_000_000, 8_000_000)]);
    const { user } = renderApp('/admin/approvals');
    const table = await screen.findByRole('table', { name: 'Requests waiting for a second admin' });
    expect(within(table).getByText('Money setting')).toBeTruthy();
    expect(within(table).getByText('₦50,000.00 → ₦80,000.00')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Second admin needed above' }).getAttribute('href')).toBe(
      '/admin/settings',
    );
    expect(
      within(table).getByRole('button', {
        name: 'Approve: Second admin needed above from ₦50,000.00 to ₦80,000.00',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Limits' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Change "/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Settings page' }).getAttribute('href')).toBe('/admin/settings');
    await user.selectOptions(screen.getByLabelText('Show'), 'Money settings');
    expect(within(table).getByText('Money setting')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Show'), 'Wallet credits and debits');
    expect(await screen.findByText('Nothing is waiting for a second admin.')).toBeTruthy();
  });

  it('links each request to what it is about, and says why the system closed one', async () => {
    const closed = anApproval({
      id: 'apr_01JQ00000000000000000000CC',
      kind: 'purchase.refund',
      targetId: 'pur_01JQ0000000000000000000011',
      payload: { userId: 'usr_kemi', reason: 'Customer says it never came' },
      subject: { label: 'Purchase', href: '/admin/purchases/pur_01JQ0000000000000000000011' },
      status: 'closed',
      decidedBy: null,
      decidedAt: '2025-03-12T10:00:00.000Z',
      decisionNote: 'The purchase is already delivered.',
    });
    const priceChange = anApproval({
      id: 'apr_01JQ00000000000000000000EE',
      kind: 'price.rule',
      targetId: 'mtn-data:mtn-10gb:web',
      customer: null,
      payload: {},
      subject: { label: 'Price of MTN Data 10GB', href: '/admin/prices' },
      amountKobo: null,
    });
    adminApi([priceChange], {
      'GET /api/v1/admin/approvals': (_body, url) => ({
        body: { approvals: url.searchParams.get('status') === 'decided' ? [closed] : [priceChange] },
      }),
    });
    renderApp('/admin/approvals');
    const waiting = await screen.findByRole('table', { name: 'Requests waiting for a second admin' });
    expect(within(waiting).getByRole('link', { name: 'Price of MTN Data 10GB' }).getAttribute('href')).toBe(
      '/admin/prices',
    );
    const decidedTable = await screen.findByRole('table', { name: 'Requests decided lately' });
    expect(within(decidedTable).getByText('Closed by the system')).toBeTruthy();
    expect(within(decidedTable).getByText('“The purchase is already delivered.”')).toBeTruthy();
    expect(
      within(decidedTable)
        .getByRole('link', { name: /^Purchase / })
        .getAttribute('href'),
    ).toBe('/admin/purchases/pur_01JQ0000000000000000000011');
  });
});

describe('the low float banner', () => {
  it('warns across the back office while the float is under its level, and says nothing otherwise', async () => {
    adminApi([], { 'GET /api/v1/admin/float': { body: aFloat(5_000_000) } });
    renderApp('/admin/approvals');
    expect(
      await screen.findByText('The VTpass float is low: ₦50,000.00 left', { exact: false }),
    ).toBeTruthy();
    expect(
      screen.getByText(/under the ₦100,000\.00 warning level\. Customers' wallets hold ₦123,456\.00/),
    ).toBeTruthy();
  });

  it('stays quiet when the float is above its level', async () => {
    const api = adminApi([]);
    renderApp('/admin/approvals');
    await screen.findByRole('table', { name: 'Requests decided lately' });
    expect(api.callsTo('GET /api/v1/admin/float').length).toBeGreaterThan(0);
    expect(screen.queryByText(/float is low/)).toBeNull();
  });
});

function renderForm(overrides: MockHandlers = {}, balanceKobo = 2_000_000) {
  const api = mockApi({ 'GET /api/v1/admin/approvals': { body: { approvals: [] } }, ...overrides });
  const view = renderRoutes(
    [
      {
        path: '/u',
        element: <WalletAdjustmentForm userId="usr_kemi" name="Kemi Ade" balanceKobo={balanceKobo} />,
      },
    ],
    '/u',
  );
  return { api, ...view };
}

describe('credit or debit wallet', () => {
  it('credits up to the limit at once and says the new balance', async () => {
    const { api, user } = renderForm({
      'POST /api/v1/admin/users/:id/adjustments': (body) => ({
        status: 201,
        body: {
          status: 'applied',
          adjustment: {
            id: 'adj_1',
            direction: body.direction,
            amountKobo: 500_000,
            amount: '5000.00',
            balanceBeforeKobo: 2_000_000,
            balanceAfterKobo: 2_500_000,
            balanceAfter: '25000.00',
          },
        },
      }),
    });
    await user.type(screen.getByLabelText('Amount (₦)'), '5,000');
    await user.type(screen.getByLabelText('Reason'), 'Refund for a failed renewal');
    await user.click(screen.getByRole('button', { name: 'Credit wallet' }));
    expect(await screen.findByText("Credited ₦5,000.00. Kemi Ade's balance is now ₦25,000.00.")).toBeTruthy();
    const [call] = api.callsTo('POST /api/v1/admin/users/:id/adjustments');
    expect(call?.url).toBe('/api/v1/admin/users/usr_kemi/adjustments');
    expect(call?.body).toEqual({
      direction: 'credit',
      amount: '5,000',
      reason: 'Refund for a failed renewal',
    });
  });

  it('sends a credit past the limit to a second admin, says why, and lists it as waiting', async () => {
    const waiting = anApproval({ isMine: true, requestedBy: approvalAdmins.bola });
    const why =
      'Your credits and debits to this customer in the last 24 hours would come to ₦110,000.00, above the ₦50,000.00 limit: another admin must approve this on the Approvals page.';
    const { api, user } = renderForm({
      'POST /api/v1/admin/users/:id/adjustments': {
        status: 201,
        body: { status: 'awaiting_approval', approval: waiting, why },
      },
    });
    await user.type(screen.getByLabelText('Amount (₦)'), '60000');
    await user.type(screen.getByLabelText('Reason'), 'Transfer without a reference');
    api.set('GET /api/v1/admin/approvals', { body: { approvals: [waiting] } });
    await user.click(screen.getByRole('button', { name: 'Credit wallet' }));
    expect(await screen.findByText(why)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the approvals waiting' }).getAttribute('href')).toBe(
      '/admin/approvals',
    );
    expect(await screen.findByText('Waiting for a second admin')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Withdraw your request/ })).toBeTruthy();
  });

  it('checks its input, and shows a refused debit on the amount', async () => {
    const { api, user } = renderForm({
      'POST /api/v1/admin/users/:id/adjustments': apiError(
        402,
        'INSUFFICIENT_FUNDS',
        'This debit of ₦30,000.00 is more than the wallet holds (₦20,000.00). A debit never takes a wallet below zero.',
        { fields: { amount: 'This is more than the wallet holds (₦20,000.00).' } },
      ),
    });
    await user.click(screen.getByRole('radio', { name: 'Debit' }));
    expect(screen.getByText('The wallet holds ₦20,000.00.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Debit wallet' }));
    expect(await screen.findByText('Enter an amount.')).toBeTruthy();
    expect(screen.getByText('Say why you are changing this wallet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount (₦)'), '12.345');
    await user.type(screen.getByLabelText('Reason'), 'Chargeback');
    await user.click(screen.getByRole('button', { name: 'Debit wallet' }));
    expect(api.callsTo('POST /api/v1/admin/users/:id/adjustments')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Amount (₦)'));
    await user.type(screen.getByLabelText('Amount (₦)'), '30000');
    await user.click(screen.getByRole('button', { name: 'Debit wallet' }));
    expect(await screen.findByText('This is more than the wallet holds (₦20,000.00).')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/users/:id/adjustments')[0]?.body).toMatchObject({
      direction: 'debit',
    });
  });
});

describe('a manual deposit above the approval limit', () => {
  it('says it went to a second admin instead of crediting', async () => {
    const pending = aManualRequest({
      id: 'mfr_8',
      user: { id: 'usr_2', name: 'Bola Ade', email: 'bola@example.com' },
      amountKobo: 6_000_000,
      creditKobo: 5_995_000,
    });
    mockApi({
      'GET /api/v1/session': { body: { user: aUser({ role: 'admin' }) } },
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': aWallet(0),
      'GET /api/v1/admin/float': { body: aFloat() },
      'GET /api/v1/admin/funding/manual': { body: aManualRequestsPage([pending]) },
      'GET /api/v1/admin/purchases/flagged': { body: { purchases: [] } },
      'POST /api/v1/admin/funding/manual/:id/approve': { body: { request: pending, approvalId: 'apr_1' } },
    });
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: /^Approve/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm approve' }));
    const message = await screen.findByText(
      'Sent for a second approval: ₦60,000.00 from Bola Ade is above the approval limit, so another admin must approve it on the Approvals page.',
    );
    expect(message.getAttribute('data-tone')).toBe('info');
  });
});
