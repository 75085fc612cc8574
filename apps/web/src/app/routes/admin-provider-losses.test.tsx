import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { providerLossMessages as say } from '@quickvend/shared/api/provider-losses';
import { aFloat } from '@/lib/testing/admin-money.ts';
import { apiError, aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { aProviderLoss, providerLossesOf } from '@/lib/testing/provider-losses.ts';
import { renderApp } from '../testing.tsx';

const open = aProviderLoss();
const recovered = aProviderLoss({
  id: 'plo_2',
  purchaseId: 'pur_01JQ00000000000000LOSS02',
  purchase: {
    serviceName: 'GLO Data',
    planName: '1GB – 30 days',
    recipient: '08051234567',
    amountKobo: 100_000,
    createdAt: '2025-03-10T09:00:00.000Z',
  },
  refundedKobo: 100_000,
  amountKobo: 98_000,
  detectedBy: 'reconciliation',
  status: 'recovered',
  resolvedBy: 'ife@example.com',
  resolvedAt: '2025-03-11T10:00:00.000Z',
  note: 'The customer had the data and the refund.',
});

function adminApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_me', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/float': { body: aFloat() },
    'GET /api/v1/admin/reconciliations': { body: { reconciliations: [] } },
    'GET /api/v1/admin/provider-losses': providerLossesOf([open, recovered]),
    ...overrides,
  });
}

const lossRows = async () => {
  const table = await screen.findByRole('table', { name: 'Provider-side losses' });
  const [, ...rows] = within(table).getAllByRole('row');
  return rows;
};

describe('provider-side losses', () => {
  it('lists each loss with its purchase, customer, what was refunded and what VTpass took; the back office’s banner says so', async () => {
    adminApi();
    renderApp('/admin/reconciliation');
    const [first, second] = await lossRows();
    if (!first || !second) throw new Error('rows missing');
    expect(
      within(first)
        .getByRole('link', { name: 'MTN Airtime ₦60,000.00 for 08031234567' })
        .getAttribute('href'),
    ).toBe('/admin/purchases/pur_01JQ00000000000000LOSS01');
    expect(within(first).getByRole('link', { name: 'Bola Ade' }).getAttribute('href')).toBe(
      '/edit-user/usr_01JQ0000000000000000ABCDEF',
    );
    expect(within(first).getByText('₦60,000.00')).toBeTruthy();
    expect(within(first).getByText('₦58,200.00')).toBeTruthy();
    expect(within(first).getByText(/by VTpass’s callback$/)).toBeTruthy();
    expect(within(first).getByText('Open')).toBeTruthy();
    expect(within(first).getByRole('button', { name: /^Recover from the customer/ })).toBeTruthy();
    expect(within(first).getByRole('button', { name: /^Write off/ })).toBeTruthy();

    expect(within(second).getByText('Recovered from the customer')).toBeTruthy();
    expect(
      within(second).getByText(/ife@example.com, .*: “The customer had the data and the refund.”/),
    ).toBeTruthy();
    expect(within(second).getByText(/by the daily reconciliation$/)).toBeTruthy();
    expect(within(second).queryByRole('button')).toBeNull();

    const banner = await screen.findByText(/VTpass delivered a purchase we had refunded/);
    expect(banner.textContent).toBe(
      'VTpass delivered a purchase we had refunded: ₦58,200.00 lost from the float.',
    );
    expect(screen.getByRole('link', { name: 'Recover it or write it off' }).getAttribute('href')).toBe(
      '/admin/reconciliation',
    );
  });

  it('says nothing across the back office while no loss is open', async () => {
    adminApi({ 'GET /api/v1/admin/provider-losses': providerLossesOf([recovered]) });
    renderApp('/admin/reconciliation');
    await lossRows();
    expect(screen.queryByText(/we had refunded:/)).toBeNull();
  });

  it('writes a loss off after a reason and a confirmation', async () => {
    const api = adminApi({
      'POST /api/v1/admin/provider-losses/:id/write-off': (body) => {
        const done = {
          ...open,
          status: 'written_off' as const,
          resolvedBy: 'me@example.com',
          note: body.reason,
        };
        api.set('GET /api/v1/admin/provider-losses', providerLossesOf([done, recovered]));
        return { body: { loss: done, message: say.writtenOff } };
      },
    });
    const { user } = renderApp('/admin/reconciliation');
    const [first] = await lossRows();
    if (!first) throw new Error('row missing');
    await user.click(within(first).getByRole('button', { name: /^Write off/ }));
    const form = screen.getByRole('form', { name: 'Write this loss off' });
    expect(within(form).getByText(/The ₦58,200.00 VTpass took .* is booked as an expense/)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Write off ₦58,200.00' }));
    expect(await within(form).findByText(say.reasonRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/provider-losses/:id/write-off')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Why write it off'), 'We bear it: a good customer.');
    await user.click(within(form).getByRole('button', { name: 'Write off ₦58,200.00' }));
    const done = await screen.findByText(say.writtenOff);
    expect(done.getAttribute('data-tone')).toBe('success');
    expect(api.callsTo('POST /api/v1/admin/provider-losses/:id/write-off')[0]).toMatchObject({
      url: '/api/v1/admin/provider-losses/plo_1/write-off',
      body: { reason: 'We bear it: a good customer.' },
    });
    await waitFor(() => {
      expect(screen.getByText('Written off')).toBeTruthy();
    });
    expect(screen.queryByText(/we had refunded:/)).toBeNull();
  });

  it('sends a recovery for a second admin’s approval and shows it waiting', async () => {
    const api = adminApi({
      'POST /api/v1/admin/provider-losses/:id/recover': () => {
        const waiting = aProviderLoss({
          pendingRecovery: {
            approvalId: 'apr_7',
            requestedBy: 'me@example.com',
            requestedAt: '2025-03-12T14:00:00.000Z',
          },
        });
        api.set('GET /api/v1/admin/provider-losses', providerLossesOf([waiting, recovered]));
        return {
          status: 201,
          body: {
            approval: { id: 'apr_7', status: 'pending', requestedAt: '2025-03-12T14:00:00.000Z' },
            message: say.recoveryRequested,
          },
        };
      },
    });
    const { user } = renderApp('/admin/reconciliation');
    const [first] = await lossRows();
    if (!first) throw new Error('row missing');
    await user.click(within(first).getByRole('button', { name: /^Recover from the customer/ }));
    const form = screen.getByRole('form', { name: 'Recover this loss from the customer' });
    expect(
      within(form).getByText(/Once a second admin approves, ₦60,000.00 is taken back from Bola Ade’s wallet/),
    ).toBeTruthy();
    await user.type(
      within(form).getByLabelText('Why recover it'),
      'The customer has the airtime and the refund.',
    );
    await user.click(within(form).getByRole('button', { name: 'Send for approval: recover ₦60,000.00' }));
    const sent = await screen.findByText(say.recoveryRequested);
    expect(sent.getAttribute('data-tone')).toBe('info');
    expect(api.callsTo('POST /api/v1/admin/provider-losses/:id/recover')[0]?.body).toEqual({
      reason: 'The customer has the airtime and the refund.',
    });
    expect(
      await screen.findByText(/Recovery waiting for a second admin \(asked by me@example.com\)/),
    ).toBeTruthy();
    const [waitingRow] = await lossRows();
    if (!waitingRow) throw new Error('row missing');
    expect(within(waitingRow).queryByRole('button', { name: /^Recover from the customer/ })).toBeNull();
    expect(within(waitingRow).getByRole('button', { name: /^Write off/ })).toBeTruthy();
  });

  it('says why a loss could not be resolved', async () => {
    adminApi({
      'POST /api/v1/admin/provider-losses/:id/write-off': apiError(409, 'CONFLICT', say.alreadyResolved),
    });
    const { user } = renderApp('/admin/reconciliation');
    const [first] = await lossRows();
    if (!first) throw new Error('row missing');
    await user.click(within(first).getByRole('button', { name: /^Write off/ }));
    await user.type(screen.getByLabelText('Why write it off'), 'Someone else already did.');
    await user.click(screen.getByRole('button', { name: 'Write off ₦58,200.00' }));
    const refused = await screen.findByText(`Error: ${say.alreadyResolved}`);
    expect(refused.getAttribute('data-tone')).toBe('error');
  });
});
