import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import {
  aPurchase,
  apiError,
  aService,
  aUser,
  aWallet,
  deferred,
  mockApi,
  sandboxMeta,
  type MockHandlers,
  type MockReply,
} from '@/lib/testing/mock-api.ts';
import { enterPin } from '@/lib/testing/purchase-steps.ts';
import { HELD_AFTER_MS } from '@/features/purchases/components/use-purchase-flow.ts';
import { renderApp } from '../testing.tsx';

function airtimeApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(250_000),
    'GET /api/v1/services': {
      body: {
        services: [aService(), aService({ id: 'airtel', name: 'Airtel Airtime VTU', network: 'airtel' })],
      },
    },
    'GET /api/v1/pin': { body: { hasPin: true, lockedUntil: null } },
    ...overrides,
  });
}

async function fillForm(user: UserEvent, phone: string, amount: string) {
  await user.type(await screen.findByLabelText('Phone number'), phone);
  await user.type(screen.getByLabelText('Amount (NGN)'), amount);
  await user.click(screen.getByRole('button', { name: 'Buy airtime' }));
}

describe('airtime page', () => {
  it('asks for every field and sends nothing when the form is empty', async () => {
    const api = airtimeApi();
    const { user } = renderApp('/airtime');
    await user.click(await screen.findByRole('button', { name: 'Buy airtime' }));
    const status = await screen.findByText(messages.purchase.allFieldsRequired);
    expect(status.getAttribute('data-tone')).toBe('error');
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);
  });

  it('shows the balance and opens the numeric phone keyboard', async () => {
    airtimeApi();
    renderApp('/airtime');
    const balance = await screen.findByRole('region', { name: 'Wallet balance' });
    expect(await within(balance).findByText('₦2,500.00')).toBeTruthy();
    expect((await screen.findByLabelText('Phone number')).getAttribute('inputmode')).toBe('tel');
  });

  it('picks the operator from the number, and lets the user change it', async () => {
    airtimeApi();
    const { user } = renderApp('/airtime');
    const phone = await screen.findByLabelText('Phone number');
    const operator = screen.getByLabelText('Operator');
    await user.type(phone, '0803123456');
    expect((operator as HTMLSelectElement).value).toBe('');
    await user.type(phone, '7');
    expect((phone as HTMLInputElement).value).toBe('0803 123 4567');
    expect((operator as HTMLSelectElement).value).toBe('mtn');
    expect(screen.getByText(/Moved your line to another network/)).toBeTruthy();
    await user.selectOptions(operator, 'glo');
    expect((operator as HTMLSelectElement).value).toBe('glo');
  });

  it('accepts +234 numbers and detects the network', async () => {
    airtimeApi();
    const { user } = renderApp('/airtime');
    await user.type(await screen.findByLabelText('Phone number'), '+2348021234567');
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('+234 802 123 4567');
    expect(screen.getByLabelText<HTMLSelectElement>('Operator').value).toBe('airtel');
  });

  it('fills the amount from a quick amount', async () => {
    airtimeApi();
    const { user } = renderApp('/airtime');
    const quick = await screen.findByRole('button', { name: '₦500' });
    await user.click(quick);
    expect(screen.getByLabelText<HTMLInputElement>('Amount (NGN)').value).toBe('500');
    expect(quick.getAttribute('aria-pressed')).toBe('true');
    for (const amount of ['₦100', '₦200', '₦1,000'])
      expect(screen.getByRole('button', { name: amount })).toBeTruthy();
  });

  it('refuses an amount below the minimum of the service', async () => {
    const api = airtimeApi();
    const { user } = renderApp('/airtime');
    await fillForm(user, '08031234567', '40');
    expect(await screen.findByText('Error: The minimum amount is ₦50.00.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);
  });

  it('shows the amount, asks for the PIN, and ends on a receipt', async () => {
    const api = airtimeApi({
      'POST /api/v1/purchases': (body) => ({
        status: 201,
        body: {
          purchase: aPurchase({
            requestId: body.requestId,
            serviceId: 'airtel',
            phone: '08021234567',
            amountKobo: 50_000,
            chargedKobo: 50_000,
            message: '',
            transactionId: '17250000000001',
            createdAt: '2025-03-12T13:05:09.000Z',
          }),
        },
      }),
    });
    const { user } = renderApp('/airtime');
    await fillForm(user, '0802 123 4567', '500');

    const summary = await screen.findByRole('region', { name: 'Amount to be charged' });
    expect(within(summary).getByText('₦500.00')).toBeTruthy();
    expect(screen.getByLabelText('Enter your transaction PIN').getAttribute('inputmode')).toBe('numeric');
    await enterPin(user, '1357');

    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    const row = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(within(receipt).getByText(PRODUCT_NAME)).toBeTruthy();
    expect(within(receipt).getByText('Delivered')).toBeTruthy();
    expect(row('Phone number')).toBe('08021234567');
    expect(row('Amount charged')).toBe('₦500.00');
    expect(row('What')).toBe('Airtel Airtime');
    expect(row('Transaction ID')).toBe('17250000000001');
    expect(row('Date (Lagos time)')).toBe('12 Mar 2025, 14:05');
    expect(within(receipt).getByText(messages.purchase.subscriptionReceipt)).toBeTruthy();
    expect(screen.getByText(messages.purchase.success(PRODUCT_NAME)).getAttribute('data-tone')).toBe(
      'success',
    );

    const [call] = api.callsTo('POST /api/v1/purchases');
    expect(call?.body).toMatchObject({
      serviceId: 'airtel',
      phone: '08021234567',
      amount: '500.00',
      pin: '1357',
    });
    expect((call?.body as { requestId: string }).requestId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('sends the same request id again after a dropped connection, and after a reload', async () => {
    const api = airtimeApi({
      'POST /api/v1/purchases': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/v1/purchases/:requestId': apiError(404, 'NOT_FOUND', 'No such purchase.'),
    });
    const { user } = renderApp('/airtime');
    await fillForm(user, '08031234567', '200');
    await enterPin(user, '1357');
    expect(await screen.findByText(/we do not know yet whether this purchase went through/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(2);
    });
    const [first, second] = api
      .callsTo('POST /api/v1/purchases')
      .map((call) => call.body as { requestId: string });
    expect(second?.requestId).toBe(first?.requestId);

    // the page is reloaded: the server never saw the purchase, so the form is shown with the same key
    cleanup();
    const reloaded = renderApp('/airtime');
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/purchases/:requestId')[0]?.url).toBe(
        `/api/v1/purchases/${first?.requestId ?? ''}`,
      );
    });
    api.set('POST /api/v1/purchases', (body) => ({
      status: 201,
      body: { purchase: aPurchase({ requestId: body.requestId }) },
    }));
    await fillForm(reloaded.user, '08031234567', '200');
    await enterPin(reloaded.user, '1357');
    await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect((api.callsTo('POST /api/v1/purchases')[2]?.body as { requestId: string }).requestId).toBe(
      first?.requestId,
    );
  });

  it('after a reload shows the purchase the server made with the stored key', async () => {
    window.sessionStorage.setItem(
      'quickvend:purchase-key:airtime',
      JSON.stringify({ requestId: 'req-earlier', fingerprint: '["mtn","08031234567","500.00",null]' }),
    );
    airtimeApi({
      'GET /api/v1/purchases/:requestId': { body: { purchase: aPurchase({ requestId: 'req-earlier' }) } },
    });
    renderApp('/airtime');
    expect(await screen.findByRole('region', { name: 'Transaction Receipt' })).toBeTruthy();
    expect(screen.getByText(messages.purchase.success(PRODUCT_NAME))).toBeTruthy();
  });

  it('says the balance is too low when the server refuses, and offers to fund the wallet', async () => {
    airtimeApi({
      'POST /api/v1/purchases': apiError(402, 'INSUFFICIENT_FUNDS', messages.purchase.insufficientBalance),
    });
    const { user } = renderApp('/airtime');
    await fillForm(user, '08031234567', '500');
    await enterPin(user, '1357');
    expect(await screen.findByText(messages.purchase.insufficientBalance)).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Fund wallet' });
    expect(links.every((link) => link.getAttribute('href') === '/fund-wallet')).toBe(true);
    expect(links.length).toBeGreaterThanOrEqual(2);
  });

  it('says plainly when too many purchases were tried in a minute; the next try is a new purchase', async () => {
    const tooMany = 'Too many purchases in a short time. Please wait a minute and try again.';
    const api = airtimeApi({
      'POST /api/v1/purchases': apiError(429, 'RATE_LIMITED', tooMany, { retryAfterSeconds: 42 }),
    });
    const { user } = renderApp('/airtime');
    await fillForm(user, '08031234567', '500');
    await enterPin(user, '1357');
    const status = await screen.findByText(`Error: ${tooMany}`);
    expect(status.getAttribute('data-tone')).toBe('error');
    expect(screen.queryByRole('group', { name: 'PIN keys' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Buy airtime' }));
    await enterPin(user, '1357');
    await waitFor(() => {
      expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(2);
    });
    const [first, second] = api
      .callsTo('POST /api/v1/purchases')
      .map((call) => (call.body as { requestId: string }).requestId);
    // nothing was made, so the next try may not be taken for the same purchase
    expect(second).not.toBe(first);
  });

  it('checks the balance before asking for the PIN', async () => {
    const api = airtimeApi({ 'GET /api/v1/wallet': aWallet(10_000) });
    const { user } = renderApp('/airtime');
    await within(await screen.findByRole('region', { name: 'Wallet balance' })).findByText('₦100.00');
    await fillForm(user, '08031234567', '500');
    expect(await screen.findByText(messages.purchase.insufficientBalance)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'PIN keys' })).toBeNull();
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);
  });

  it('says a failed purchase failed and that the money is back', async () => {
    airtimeApi({
      'POST /api/v1/purchases': (body) => ({
        status: 201,
        body: {
          purchase: aPurchase({
            requestId: body.requestId,
            status: 'failed',
            chargedKobo: 0,
            charged: '0.00',
            refundedKobo: 50_000,
            refunded: '500.00',
            balanceAfterKobo: 250_000,
            message: 'Number not on network',
          }),
        },
      }),
    });
    const { user } = renderApp('/airtime');
    await fillForm(user, '08031234567', '500');
    await enterPin(user, '1357');
    const failure = await screen.findByText('❌ Error: Number not on network');
    expect(failure.getAttribute('data-tone')).toBe('error');
    expect(screen.getByText('Your ₦500.00 is back in your wallet.')).toBeTruthy();
    const receipt = screen.getByRole('region', { name: 'Transaction Receipt' });
    const row = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(row('Refunded')).toBe('₦500.00');
    expect(row('Balance after')).toBe('₦2,500.00');
    expect(within(receipt).queryByText('Amount charged')).toBeNull();
  });

  it('says a pending purchase is being confirmed, with a Pending receipt', async () => {
    airtimeApi({
      'POST /api/v1/purchases': (body) => ({
        status: 201,
        body: { purchase: aPurchase({ requestId: body.requestId, status: 'pending', transactionId: null }) },
      }),
    });
    const { user } = renderApp('/airtime');
    await fillForm(user, '08031234567', '500');
    await enterPin(user, '1357');
    expect(
      await screen.findByText(/being confirmed with the network\. Delivered or refunded, usually within/),
    ).toBeTruthy();
    const receipt = screen.getByRole('region', { name: 'Transaction Receipt' });
    expect(within(receipt).getByText('Being confirmed')).toBeTruthy();
    expect(within(receipt).getByText('Amount charged').nextElementSibling?.textContent).toBe('₦500.00');
  });

  it('says the money is held, not spent, once the network has taken 3 s to answer', async () => {
    const answer = deferred<MockReply<'POST /api/v1/purchases'>>();
    airtimeApi({ 'POST /api/v1/purchases': () => answer.promise });
    const { user } = renderApp('/airtime');
    await fillForm(user, '08031234567', '500');
    const keys = await screen.findByRole('group', { name: 'PIN keys' });
    for (const digit of '135') await user.click(within(keys).getByRole('button', { name: digit }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // fireEvent: user-event and findBy* wait on a real setTimeout, which is faked here
      fireEvent.click(within(keys).getByRole('button', { name: '7' }));
      const held = 'We are confirming with the network; your ₦500.00 is held, not spent.';
      expect(screen.getByRole('button', { name: messages.purchase.processing })).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(HELD_AFTER_MS - 1);
      });
      expect(screen.queryByText(held)).toBeNull();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.getByText(held).getAttribute('data-tone')).toBe('info');
      expect(screen.queryByText(messages.purchase.processing)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    answer.resolve({
      status: 201,
      body: { purchase: aPurchase({ status: 'pending', transactionId: null }) },
    });
    expect(await screen.findByRole('region', { name: 'Transaction Receipt' })).toBeTruthy();
    expect(screen.queryByText(/is held, not spent/)).toBeNull();
  });

  it('creates a PIN first when the user has none, then buys', async () => {
    const api = airtimeApi({
      'GET /api/v1/pin': { body: { hasPin: false, lockedUntil: null } },
      'POST /api/v1/pin': { body: { hasPin: true, lockedUntil: null } },
      'POST /api/v1/purchases': (body) => ({
        status: 201,
        body: { purchase: aPurchase({ requestId: body.requestId }) },
      }),
    });
    const { user } = renderApp('/airtime');
    await fillForm(user, '08031234567', '500');
    expect(await screen.findByLabelText('Create your transaction PIN')).toBeTruthy();
    await enterPin(user, '2468');
    expect(await screen.findByLabelText('Enter the same PIN again')).toBeTruthy();
    await enterPin(user, '2468');
    await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect(api.callsTo('POST /api/v1/pin')[0]?.body).toEqual({ pin: '2468' });
    expect(api.callsTo('POST /api/v1/purchases')[0]?.body).toMatchObject({ pin: '2468' });
  });

  it('switches to creating a PIN when the purchase says none is set, and shows a refused trivial PIN', async () => {
    const api = airtimeApi({
      'POST /api/v1/purchases': apiError(409, 'PIN_NOT_SET', 'Set a transaction PIN first.'),
      'POST /api/v1/pin': apiError(
        400,
        'VALIDATION_FAILED',
        'That PIN is too easy to guess. Choose another.',
      ),
    });
    const { user } = renderApp('/airtime');
    await fillForm(user, '08031234567', '500');
    await enterPin(user, '1357');
    expect(await screen.findByLabelText('Create your transaction PIN')).toBeTruthy();
    await enterPin(user, '1111');
    await enterPin(user, '1111');
    expect(await screen.findByText('Error: That PIN is too easy to guess. Choose another.')).toBeTruthy();
    expect(screen.getByLabelText('Create your transaction PIN')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(1);
  });

  it('says how many attempts are left after a wrong PIN', async () => {
    airtimeApi({
      'POST /api/v1/purchases': apiError(403, 'PIN_INCORRECT', 'Wrong PIN.', { attemptsLeft: 2 }),
    });
    const { user } = renderApp('/airtime');
    await fillForm(user, '08031234567', '500');
    await enterPin(user, '1357');
    expect(await screen.findByText('Error: Wrong PIN. 2 attempts left.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Enter your transaction PIN').value).toBe('');
  });

  it('shows until when purchases are locked, in Lagos time', async () => {
    airtimeApi({
      'POST /api/v1/purchases': apiError(423, 'PIN_LOCKED', 'Locked.', {
        lockedUntil: '2025-03-12T14:30:00.000Z',
      }),
    });
    const { user } = renderApp('/airtime');
    await fillForm(user, '08031234567', '500');
    await enterPin(user, '1357');
    expect(await screen.findByText(/locked until 12 Mar 2025, 15:30 \(Lagos time\)/)).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'PIN keys' })).getByRole('button', { name: '1' }),
    ).toHaveProperty('disabled', true);
  });
});
