import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import {
  aPurchase,
  aRefundedPurchase,
  apiError,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

function transactionsApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } },
    ...overrides,
  });
}

describe('transactions page', () => {
  it('says when there are no transactions', async () => {
    transactionsApi();
    renderApp('/exchange');
    expect(await screen.findByRole('heading', { name: 'Your Transactions' })).toBeTruthy();
    expect(await screen.findByText(messages.transactions.empty)).toBeTruthy();
  });

  it('asks a signed-out user to log in', async () => {
    transactionsApi({ 'GET /api/v1/purchases': apiError(401, 'UNAUTHENTICATED', 'Please sign in.') });
    renderApp('/transactions');
    expect(await screen.findByText(messages.transactions.signedOut)).toBeTruthy();
  });

  it('lists purchases with their status, and loads more', async () => {
    const api = transactionsApi({
      'GET /api/v1/purchases': {
        body: {
          purchases: [
            aPurchase({
              id: 'pur_2',
              requestId: 'req-2',
              kind: 'data',
              serviceId: 'mtn-data',
              planName: 'MTN 1GB',
              amountKobo: 27_500,
              chargedKobo: 27_500,
            }),
            aPurchase({
              id: 'pur_1',
              requestId: 'req-1',
              status: 'failed',
              chargedKobo: 0,
              charged: '0.00',
              refundedKobo: 50_000,
              refunded: '500.00',
              providerRequestId: '202503121405zzz999',
            }),
          ],
          nextCursor: 'cur_2',
        },
      },
    });
    const { user } = renderApp('/transactions');
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Delivered')).toBeTruthy();
    expect(cards[0]?.textContent).toContain('MTN 1GB');
    expect(cards[0]?.textContent).toContain('₦275.00');
    expect(cards[0]?.textContent).toContain('12 Mar 2025, 14:05');
    expect(within(cards[1] as HTMLElement).getByText('Failed')).toBeTruthy();
    // a failed purchase says what went back, never a charge
    expect(within(cards[1] as HTMLElement).getByText('₦500.00 refunded')).toBeTruthy();
    expect(cards[1]?.textContent).not.toMatch(/charged/i);
    // no internal ids on a customer's list
    expect(cards[1]?.textContent).not.toContain('202503121405zzz999');
    expect(cards[1]?.textContent).not.toMatch(/Request id|Platform/);
    expect(within(cards[1] as HTMLElement).getByText('Phone number')).toBeTruthy();
    const card = within(cards[1] as HTMLElement);
    expect(card.getByRole('link', { name: /^(?!Buy again)/ }).getAttribute('href')).toBe(
      '/transactions/req-1',
    );
    expect(card.getByRole('link', { name: /^Buy again/ }).getAttribute('href')).toMatch(/^\/airtime\?/);
    expect(api.callsTo('GET /api/v1/purchases')[0]?.url).toBe('/api/v1/purchases?limit=20');

    api.set('GET /api/v1/purchases', {
      body: {
        purchases: [aPurchase({ id: 'pur_0', requestId: 'req-0', status: 'pending' })],
        nextCursor: null,
      },
    });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    });
    expect(within(list).getByText('Pending')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/purchases')[1]?.url).toBe('/api/v1/purchases?limit=20&cursor=cur_2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('filters by service and status', async () => {
    const api = transactionsApi();
    const { user } = renderApp('/transactions');
    await screen.findByText(messages.transactions.empty);
    await user.selectOptions(screen.getByLabelText('Service'), 'mtn-data');
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/purchases').at(-1)?.url).toBe(
        '/api/v1/purchases?limit=20&serviceId=mtn-data',
      );
    });
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/purchases').at(-1)?.url).toBe(
        '/api/v1/purchases?limit=20&serviceId=mtn-data&status=failed',
      );
    });
  });
});

describe('receipt page', () => {
  it('shows the purchase as a compact receipt, and prints it', async () => {
    const api = transactionsApi({
      'GET /api/v1/purchases/:requestId': {
        body: {
          purchase: aPurchase({
            requestId: 'req-9',
            kind: 'electricity',
            serviceId: 'ikeja-electric',
            serviceName: 'Ikeja Electric Prepaid',
            billersCode: '45012345678',
            amountKobo: 500_000,
            chargedKobo: 495_000,
            discountKobo: 5_000,
            balanceAfterKobo: 1_005_000,
            token: '12345678901234567890',
          }),
        },
      },
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderApp('/transactions/req-9');
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    const row = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(within(receipt).getByText('QuickVend')).toBeTruthy();
    expect(within(receipt).getByText('Delivered')).toBeTruthy();
    expect(row('What')).toBe('Ikeja Electric Prepaid');
    expect(row('Meter number')).toBe('45012345678');
    expect(row('Phone number')).toBe('08031234567');
    expect(row('Value')).toBe('₦5,000.00');
    expect(row('Amount charged')).toBe('₦4,950.00');
    expect(row('Balance after')).toBe('₦10,050.00');
    expect(row('Date (Lagos time)')).toBe('12 Mar 2025, 14:05');
    expect(within(receipt).queryByText('Request id')).toBeNull();
    expect(within(receipt).queryByText('req-9')).toBeNull();
    expect(within(receipt).getByText('1234 5678 9012 3456 7890')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/purchases/:requestId')[0]?.url).toBe('/api/v1/purchases/req-9');

    await user.click(within(receipt).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(within(receipt).getByRole('button', { name: 'Share receipt' })).toBeTruthy();
  });

  it('shows a refunded purchase as refunded, with the balance after the refund', async () => {
    transactionsApi({
      'GET /api/v1/purchases/:requestId': {
        body: {
          purchase: aRefundedPurchase({ requestId: 'req-f' }),
        },
      },
    });
    renderApp('/transactions/req-f');
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    const row = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(row('Refunded')).toBe('₦500.00');
    expect(row('Balance after')).toBe('₦2,600.00');
    expect(within(receipt).queryByText('Amount charged')).toBeNull();
    expect(within(receipt).getByText('Your ₦500.00 is back in your wallet.')).toBeTruthy();
    expect(receipt.textContent).not.toContain('TRANSACTION FAILED');
  });

  it('mails a delivered token again and says where it went; a failed purchase has nothing to mail', async () => {
    const api = transactionsApi({
      'GET /api/v1/purchases/:requestId': {
        body: {
          purchase: aPurchase({
            requestId: 'req-7',
            kind: 'electricity',
            serviceId: 'ikeja-electric',
            serviceName: 'Ikeja Electric Payment - IKEDC',
            billersCode: '1111111111111',
            amountKobo: 100_000,
            discountKobo: 1_000,
            chargedKobo: 99_000,
            customerName: 'TESTMETER1',
            units: '79.9 kWh',
            token: 'Token : 2636-2054-4059-8275-7802',
            receiptLines: [
              { label: 'Address', value: 'ABULE - ABULE' },
              { label: 'Customer', value: 'TESTMETER1' },
            ],
          }),
        },
      },
      'POST /api/v1/purchases/:requestId/email': { body: { sentTo: 'a***@example.com' } },
    });
    const { user } = renderApp('/transactions/req-7');
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    const row = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(row('Customer')).toBe('TESTMETER1');
    expect(row('Address')).toBe('ABULE - ABULE');
    expect(row('Discount')).toBe('-₦10.00');
    expect(row('Amount charged')).toBe('₦990.00');
    const token = within(receipt).getByRole('region', { name: 'Token' });
    expect(within(token).getByText('2636 2054 4059 8275 7802')).toBeTruthy();
    expect(within(token).getByText('79.9 kWh')).toBeTruthy();
    await user.click(within(token).getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe('26362054405982757802');

    await user.click(screen.getByRole('button', { name: 'Email me this again' }));
    expect(await screen.findByText(/Sent to a\*\*\*@example\.com/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the sandbox mailbox' }).getAttribute('href')).toBe(
      '/sandbox/mailbox',
    );
    expect(api.callsTo('POST /api/v1/purchases/:requestId/email')[0]?.url).toBe(
      '/api/v1/purchases/req-7/email',
    );
  });

  it('offers no email for a purchase that was not delivered', async () => {
    transactionsApi({
      'GET /api/v1/purchases/:requestId': {
        body: {
          purchase: aPurchase({
            requestId: 'req-8',
            status: 'failed',
            chargedKobo: 0,
            charged: '0.00',
            refundedKobo: 50_000,
            refunded: '500.00',
            pins: [{ serial: null, pin: '1234' }],
          }),
        },
      },
    });
    renderApp('/transactions/req-8');
    await screen.findByRole('region', { name: 'Receipt' });
    expect(screen.queryByRole('button', { name: 'Email me this again' })).toBeNull();
  });
});

describe('transaction cards', () => {
  it('give one money figure in bold, what the wallet paid, with the plan price beside it only when discounted', async () => {
    transactionsApi({
      'GET /api/v1/purchases': {
        body: {
          purchases: [
            aPurchase({
              id: 'pur_r',
              requestId: 'req-r',
              kind: 'tv',
              serviceId: 'dstv',
              serviceName: 'DSTV',
              planName: 'DStv Padi N4,400 (renewal)',
              subscriptionType: 'renew',
              billersCode: '7034567890',
              amountKobo: 440_000,
              discountKobo: 4_400,
              chargedKobo: 435_600,
            }),
            aPurchase({ id: 'pur_a', requestId: 'req-a' }),
          ],
          nextCursor: null,
        },
      },
    });
    renderApp('/transactions');
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const [renewal, airtime] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(renewal).getByText('DStv Padi (renewal)')).toBeTruthy();
    const paid = within(renewal).getByText('₦4,356.00');
    expect(paid.className).toContain('font-extrabold');
    expect(within(renewal).getByText('₦4,400.00 plan, 1% off').className).not.toContain('font-extrabold');
    expect(renewal.textContent).not.toMatch(/Charged/);
    expect(renewal.textContent.match(/₦4,356\.00/g)).toHaveLength(1);
    expect(airtime.textContent).toContain('₦500.00');
    expect(airtime.textContent).not.toMatch(/off|plan/);
  });

  it('show the token and PINs of bills, each copyable without opening the receipt', async () => {
    transactionsApi({
      'GET /api/v1/purchases': {
        body: {
          purchases: [
            aPurchase({
              id: 'pur_e',
              requestId: 'req-e',
              kind: 'electricity',
              serviceName: 'Ikeja Electric Payment - IKEDC',
              billersCode: '1111111111111',
              customerName: 'TESTMETER1',
              token: '26362054405982757802',
              units: '79.9 kWh',
              amountKobo: 100_000,
              discountKobo: 1_000,
              chargedKobo: 99_000,
            }),
            aPurchase({
              id: 'pur_w',
              requestId: 'req-w',
              kind: 'education',
              serviceName: 'WAEC Result Checker PIN',
              planName: 'WASSCE',
              quantity: 2,
              pins: [
                { serial: 'WRN1', pin: '111122223333' },
                { serial: 'WRN2', pin: '444455556666' },
              ],
            }),
          ],
          nextCursor: null,
        },
      },
    });
    const { user } = renderApp('/transactions');
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const [electricity, waec] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(electricity.textContent).toContain('2636 2054 4059 8275 7802');
    expect(electricity.textContent).toContain('79.9 kWh');
    expect(electricity.textContent).toContain('TESTMETER1');
    expect(within(electricity).getByText('₦990.00').className).toContain('font-extrabold');
    expect(within(electricity).getByText('₦1,000.00 value, 1% off')).toBeTruthy();
    await user.click(within(electricity).getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe('26362054405982757802');
    expect(waec.textContent).toContain('444455556666');
    await user.click(within(waec).getByRole('button', { name: 'Copy PIN 2' }));
    expect(await navigator.clipboard.readText()).toBe('444455556666');
    expect(
      within(waec)
        .getByRole('link', { name: /^(?!Buy again)/ })
        .getAttribute('href'),
    ).toBe('/transactions/req-w');
  });

  it('filter by the bill services too', async () => {
    const api = transactionsApi();
    const { user } = renderApp('/transactions');
    await screen.findByText(messages.transactions.empty);
    await user.selectOptions(screen.getByLabelText('Service'), 'ikeja-electric');
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/purchases').at(-1)?.url).toBe(
        '/api/v1/purchases?limit=20&serviceId=ikeja-electric',
      );
    });
    for (const id of ['dstv', 'showmax', 'waec', 'jamb'])
      expect(
        screen.getByRole('option', { name: new RegExp(id === 'waec' ? 'WAEC Result' : id, 'i') }),
      ).toBeTruthy();
  });
});
