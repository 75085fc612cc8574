import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import { CONFIRM_INTERVAL_MS } from '@/features/funding/api/confirm-card-payment.ts';
import { checkoutNavigation } from '@/features/funding/components/checkout-navigation.ts';
import { FundWalletPage } from '@/features/funding/components/fund-wallet-page.tsx';
import { checkoutMessages } from '@/features/funding/components/payment-status.ts';
import { SUCCESS_REDIRECT_MS } from '@/features/funding/components/use-card-checkout.ts';
import { renderRoutes } from '@/lib/testing/render.tsx';
import { aPayment, mockApi, sandboxMeta, signedOut } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import { fundApi } from './fund-wallet-testing.ts';

const paystack = vi.hoisted(() => {
  const resumeTransaction =
    vi.fn<(accessCode: string, callbacks: Record<string, (arg?: unknown) => void>) => void>();
  class PaystackPop {
    resumeTransaction(accessCode: string, callbacks: Record<string, (arg?: unknown) => void>) {
      resumeTransaction(accessCode, callbacks);
    }
  }
  return { resumeTransaction, PaystackPop, load: vi.fn(() => Promise.resolve(PaystackPop)) };
});

vi.mock('@/features/funding/paystack-pop.ts', () => ({ loadPaystackPop: paystack.load }));

afterEach(() => {
  paystack.resumeTransaction.mockReset();
  paystack.load.mockClear();
  vi.useRealTimers();
});

/** Moves the page's timers on at once, instead of waiting for real time to pass. */
function startTestClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return async (ms: number) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  };
}

const checkout = {
  mode: 'sandbox' as const,
  reference: 'QV-REF-9',
  accessCode: 'acc_9',
  authorizationUrl: '/sandbox/paystack/checkout/acc_9',
  publicKey: 'pk_test_sim',
};

function confirmReplying(status: 'success' | 'pending' | 'failed' | 'abandoned' | 'review') {
  return (body: { reference: string }) => ({
    body: { payment: aPayment({ reference: body.reference, status }) },
  });
}

describe('fund wallet page', () => {
  it('shows the balance and the three ways to fund, with the email filled in', async () => {
    fundApi();
    renderApp('/fund-wallet');
    expect(await screen.findByRole('heading', { name: 'Wallet & Payments', level: 1 })).toBeTruthy();
    expect(await screen.findByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
    const balance = screen.getByRole('region', { name: 'Wallet balance' });
    expect(within(balance).getByText('₦2,500.00')).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Pay with card' });
    expect(within(card).getByLabelText('Amount (NGN)').getAttribute('inputmode')).toBe('decimal');
    for (const name of ['Pay with card', 'Bank transfer', 'Manual funding', 'Payment history']) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
  });

  it('asks for the amount and sends nothing when it is empty', async () => {
    const api = fundApi();
    const { user } = renderApp('/fund-wallet');
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Enter an amount.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/funding/card')).toHaveLength(0);
  });

  it('refuses an amount below the minimum and sends nothing', async () => {
    const api = fundApi();
    const { user } = renderApp('/fund-wallet');
    const card = await screen.findByRole('region', { name: 'Pay with card' });
    await user.type(within(card).getByLabelText('Amount (NGN)'), '99.99');
    await user.click(within(card).getByRole('button', { name: 'Pay Now' }));
    expect(await within(card).findByText('The minimum amount is ₦100.00.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/funding/card')).toHaveLength(0);
  });

  it('in sandbox mode sends the amount as typed and goes to the checkout page once', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const api = fundApi({
      'POST /api/v1/funding/card': {
        status: 201,
        body: { payment: aPayment({ status: 'pending' }), checkout },
      },
    });
    const { user } = renderApp('/fund-wallet');
    const card = await screen.findByRole('region', { name: 'Pay with card' });
    await user.type(within(card).getByLabelText('Amount (NGN)'), '5,000.50');
    const button = within(card).getByRole('button', { name: 'Pay Now' });
    await user.click(button);
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('/sandbox/paystack/checkout/acc_9');
    });
    expect(api.callsTo('POST /api/v1/funding/card')[0]?.body).toEqual({
      email: 'ada@example.com',
      amount: '5,000.50',
    });
    expect(button.textContent).toBe(messages.purchase.processing);
    expect(button).toHaveProperty('disabled', true);
    await user.click(button);
    expect(api.callsTo('POST /api/v1/funding/card')).toHaveLength(1);
    // the sandbox never fetches Paystack's script
    expect(paystack.load).not.toHaveBeenCalled();
  });

  it('puts the server’s amount message on the amount field', async () => {
    fundApi({
      'POST /api/v1/funding/card': {
        status: 400,
        error: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The minimum amount is ₦200.00.',
            details: { fields: { amount: 'The minimum amount is ₦200.00.' } },
            requestId: 'req_1',
          },
        },
      },
    });
    const { user } = renderApp('/fund-wallet');
    const card = await screen.findByRole('region', { name: 'Pay with card' });
    await user.type(within(card).getByLabelText('Amount (NGN)'), '150');
    await user.click(within(card).getByRole('button', { name: 'Pay Now' }));
    expect(await within(card).findByText('The minimum amount is ₦200.00.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Pay Now' })).toHaveProperty('disabled', false);
  });

  it('in live mode opens the Paystack popup and confirms the reference it reports', async () => {
    const api = fundApi({
      'POST /api/v1/funding/card': {
        status: 201,
        body: { payment: aPayment({ status: 'pending' }), checkout: { ...checkout, mode: 'live' } },
      },
      'POST /api/v1/funding/card/confirm': confirmReplying('success'),
    });
    const { user } = renderApp('/fund-wallet');
    const card = await screen.findByRole('region', { name: 'Pay with card' });
    await user.type(within(card).getByLabelText('Amount (NGN)'), '5000');
    await user.click(within(card).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => {
      expect(paystack.resumeTransaction).toHaveBeenCalledTimes(1);
    });
    const [accessCode, callbacks] = paystack.resumeTransaction.mock.calls[0] ?? [];
    expect(accessCode).toBe('acc_9');
    callbacks?.['onSuccess']?.({ reference: 'QV-REF-9' });
    expect(await screen.findByText('Payment successful! Reference: QV-REF-9')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/funding/card/confirm')[0]?.body).toEqual({ reference: 'QV-REF-9' });
  });

  it('in live mode says Payment closed! when the popup is closed, and still confirms', async () => {
    const api = fundApi({
      'POST /api/v1/funding/card': {
        status: 201,
        body: { payment: aPayment({ status: 'pending' }), checkout: { ...checkout, mode: 'live' } },
      },
      'POST /api/v1/funding/card/confirm': confirmReplying('abandoned'),
    });
    const { user } = renderApp('/fund-wallet');
    const card = await screen.findByRole('region', { name: 'Pay with card' });
    await user.type(within(card).getByLabelText('Amount (NGN)'), '5000');
    await user.click(within(card).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => {
      expect(paystack.resumeTransaction).toHaveBeenCalledTimes(1);
    });
    paystack.resumeTransaction.mock.calls[0]?.[1]['onCancel']?.();
    expect(await screen.findByText(messages.funding.paymentClosed)).toBeTruthy();
    await waitFor(() => {
      expect(api.callsTo('POST /api/v1/funding/card/confirm')).toHaveLength(1);
    });
    expect(within(card).getByRole('button', { name: 'Pay Now' })).toHaveProperty('disabled', false);
  });

  it('in live mode says so when the Paystack window cannot load, and lets the customer try again', async () => {
    paystack.load.mockRejectedValueOnce(new Error('Paystack script failed to load'));
    fundApi({
      'POST /api/v1/funding/card': {
        status: 201,
        body: { payment: aPayment({ status: 'pending' }), checkout: { ...checkout, mode: 'live' } },
      },
    });
    const { user } = renderApp('/fund-wallet');
    const card = await screen.findByRole('region', { name: 'Pay with card' });
    await user.type(within(card).getByLabelText('Amount (NGN)'), '5000');
    await user.click(within(card).getByRole('button', { name: 'Pay Now' }));
    expect(await within(card).findByText(checkoutMessages.popupFailed)).toBeTruthy();
    expect(paystack.resumeTransaction).not.toHaveBeenCalled();
    const payNow = within(card).getByRole('button', { name: 'Pay Now' });
    expect(payNow).toHaveProperty('disabled', false);
    await user.click(payNow);
    await waitFor(() => {
      expect(paystack.resumeTransaction).toHaveBeenCalledTimes(1);
    });
    expect(paystack.load).toHaveBeenCalledTimes(2);
  });

  it('confirms a returning payment, says it succeeded, cleans the URL and goes to the dashboard', async () => {
    const advance = startTestClock();
    const api = fundApi({ 'POST /api/v1/funding/card/confirm': confirmReplying('success') });
    const { router } = renderApp('/fund-wallet?trxref=R&reference=R');
    expect(await screen.findByText('Payment successful! Reference: R')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/funding/card/confirm')[0]?.body).toEqual({ reference: 'R' });
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    await advance(SUCCESS_REDIRECT_MS);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
    });
    expect(await screen.findByText('Payment successful! Reference: R')).toBeTruthy();
    // the wallet was fetched again after the payment
    expect(api.callsTo('GET /api/v1/wallet').length).toBeGreaterThan(1);
  });

  it('says Payment closed! when the checkout was cancelled', async () => {
    fundApi({ 'POST /api/v1/funding/card/confirm': confirmReplying('abandoned') });
    const { router } = renderApp('/fund-wallet?trxref=R&reference=R&cancelled=true');
    expect(await screen.findByText(messages.funding.paymentClosed)).toBeTruthy();
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    expect(router.state.location.pathname).toBe('/fund-wallet');
  });

  it('says plainly that a declined card took no money', async () => {
    fundApi({ 'POST /api/v1/funding/card/confirm': confirmReplying('failed') });
    renderApp('/fund-wallet?reference=R');
    const message = await screen.findByText('Error: Your card was declined. No money was taken.');
    expect(message.getAttribute('data-tone')).toBe('error');
  });

  it('says an uncertain payment is being checked by the team', async () => {
    fundApi({ 'POST /api/v1/funding/card/confirm': confirmReplying('review') });
    renderApp('/fund-wallet?reference=R');
    expect(
      await screen.findByText(
        'We received your payment and are checking it. Our team will credit your wallet shortly.',
      ),
    ).toBeTruthy();
  });

  it('keeps confirming a pending payment until it succeeds', async () => {
    const advance = startTestClock();
    let replies = 0;
    const api = fundApi({
      'POST /api/v1/funding/card/confirm': (body) => {
        replies += 1;
        return {
          body: {
            payment: aPayment({ reference: body.reference, status: replies > 1 ? 'success' : 'pending' }),
          },
        };
      },
    });
    renderApp('/fund-wallet?reference=R');
    expect(
      await screen.findByText('We are confirming your payment. Your wallet will be credited automatically.'),
    ).toBeTruthy();
    await advance(CONFIRM_INTERVAL_MS);
    expect(await screen.findByText('Payment successful! Reference: R')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/funding/card/confirm')).toHaveLength(2);
  });

  it('tells a visitor without a user to log in again', async () => {
    mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    renderRoutes([{ path: '/fund-wallet', Component: FundWalletPage }], '/fund-wallet');
    expect(await screen.findByText(messages.funding.userMissing)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('shows Loading... until the user and wallet are known', async () => {
    fundApi();
    renderApp('/fund-wallet');
    expect(await screen.findByText(messages.common.loading)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeTruthy();
  });
});
