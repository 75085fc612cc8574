import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import type { Payment } from '@quickvend/shared/api/funding';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import {
  chargeSuccess,
  DECLINED_CARD,
  payOnCheckout,
  postWebhook,
  sign,
  startCardPayment,
  SUCCESS_CARD,
} from '../../helpers/paystack.ts';

describeEachDatabase('card funding', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const confirm = async (client: TestClient, reference: string) =>
    (await client.post('/api/v1/funding/card/confirm', { reference })).json<{ payment: Payment }>().payment;
  const balanceOf = (userId: string) => t.container.ledger.getWalletBalance(userId);
  const waitForWebhooksProcessed = () =>
    vi.waitFor(
      async () => {
        const pending = await t.container.db.query.webhookEvents.findMany({
          where: (w, { isNull }) => isNull(w.processedAt),
        });
        expect(pending.map((p) => [p.eventKey, p.attempts, p.lastError])).toEqual([]);
      },
      { timeout: 20_000, interval: 100 },
    );

  it('credits the verified amount once: browser return and webhook, in any order', async () => {
    const { client, email, userId } = await signUp(t.app);
    const { checkout, payment } = await startCardPayment(client, email, '5,000');
    expect(payment).toMatchObject({ amountKobo: 500_000, status: 'pending', channel: 'card' });
    expect(checkout).toMatchObject({
      mode: 'sandbox',
      reference: payment.reference,
      publicKey: 'pk_test_sandbox',
    });

    const paid = await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`reference=${payment.reference}`);

    // the browser claims a bigger amount: it is not even read
    const confirmed = await client.post('/api/v1/funding/card/confirm', {
      reference: payment.reference,
      amount: 9_999_999,
    });
    expect(confirmed.json<{ payment: Payment }>().payment.status).toBe('success');
    await waitForWebhooksProcessed();
    expect(await confirm(client, payment.reference)).toMatchObject({
      status: 'success',
      amountKobo: 500_000,
    });
    expect(await balanceOf(userId)).toBe(500_000);

    const history = (await client.get('/api/v1/funding/payments')).json<{ payments: Payment[] }>().payments;
    expect(history).toEqual([
      expect.objectContaining({ reference: payment.reference, status: 'success', email }),
    ]);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.funding.verify()).toEqual([]);
  });

  it('the same charge.success 50 times at once, racing the browser, credits exactly once', async () => {
    const { client, email, userId } = await signUp(t.app);
    const { checkout, payment } = await startCardPayment(client, email, '2500');
    await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD);
    const body = chargeSuccess(payment.reference, 250_000);
    const [webhooks, confirmations] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => postWebhook(t, body, sign(body)))),
      Promise.all(Array.from({ length: 5 }, () => confirm(client, payment.reference))),
    ]);
    expect(webhooks.every((r) => r.status === 200)).toBe(true);
    expect(confirmations.every((p) => p.status === 'success' || p.status === 'pending')).toBe(true);
    await waitForWebhooksProcessed();
    expect(await balanceOf(userId)).toBe(250_000);
    const { lines } = await t.container.ledger.listWalletLines(userId, { limit: 10 });
    expect(lines).toHaveLength(1);
    expect(await t.container.funding.verify()).toEqual([]);
  });

  it('refuses a forged webhook with 401 and stores nothing', async () => {
    const { client, email, userId } = await signUp(t.app);
    const { payment } = await startCardPayment(client, email, '1000');
    const body = chargeSuccess(payment.reference, 100_000);
    const forged = body.replace('"amount":100000', '"amount":100001');
    for (const signature of [sign(body), undefined, 'not-a-signature']) {
      const response = await postWebhook(t, forged, signature);
      expect(response.status).toBe(401);
    }
    const stored = await t.container.db.query.webhookEvents.findMany();
    expect(stored.some((event) => JSON.stringify(event.payload).includes(payment.reference))).toBe(false);
    expect(await balanceOf(userId)).toBe(0);
  });

  it('ignores a correctly signed charge for a reference never initialised', async () => {
    const { userId } = await signUp(t.app);
    const body = chargeSuccess('NEVER-INITIALISED-1', 1_000_000);
    expect((await postWebhook(t, body, sign(body))).status).toBe(200);
    await waitForWebhooksProcessed();
    expect(await balanceOf(userId)).toBe(0);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  it('a declined card credits nothing and says so', async () => {
    const { client, email, userId } = await signUp(t.app);
    const { checkout, payment } = await startCardPayment(client, email, '3000');
    const declined = await payOnCheckout(t, checkout.authorizationUrl, DECLINED_CARD);
    expect(await declined.text()).toContain('Declined');
    expect(await confirm(client, payment.reference)).toMatchObject({
      status: 'failed',
      gatewayResponse: 'Declined',
    });
    expect(await balanceOf(userId)).toBe(0);
  });

  it('keeps a payment pending while the customer has not paid, and never lets another user confirm it', async () => {
    const { client, email } = await signUp(t.app);
    const { payment } = await startCardPayment(client, email, '1500');
    expect((await confirm(client, payment.reference)).status).toBe('abandoned');
    const { client: stranger } = await signUp(t.app);
    const peek = await stranger.post('/api/v1/funding/card/confirm', { reference: payment.reference });
    expect(peek.statusCode).toBe(404);
  });

  it('refuses amounts below the minimum and amounts it cannot read, without starting a payment', async () => {
    const { client, email } = await signUp(t.app);
    for (const [amount, message] of [
      ['99.99', 'The minimum amount is ₦100.00.'],
      ['', 'Enter an amount.'],
      ['-500', 'The amount cannot be negative.'],
      ['12.345', 'Use at most 2 digits after the point.'],
      ['five thousand', 'Enter the amount in naira, for example 1500.'],
    ] as const) {
      const response = await client.post('/api/v1/funding/card', { email, amount });
      expect(response.statusCode, amount).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
    expect(
      (await client.get('/api/v1/funding/payments')).json<{ payments: Payment[] }>().payments,
    ).toHaveLength(0);
  });

  it('shows the credit in the wallet breakdown and statement', async () => {
    const { client, email, userId } = await signUp(t.app);
    const { checkout, payment } = await startCardPayment(client, email, '1200.50');
    await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD);
    await confirm(client, payment.reference);
    await t.container.ledger.adjustWallet({
      userId,
      direction: 'debit',
      amountKobo: kobo(20_050),
      reason: 'fix',
      actor: 'test',
    });
    const wallet = (await client.get('/api/v1/wallet')).json<{
      balanceKobo: number;
      breakdown: Record<string, number>;
    }>();
    expect(wallet.balanceKobo).toBe(100_000);
    expect(wallet.breakdown).toEqual({
      fundedKobo: 120_050,
      usedKobo: 0,
      fromAdminKobo: -20_050,
      referralKobo: 0,
      totalKobo: 100_000,
    });
    const statement = (await client.get('/api/v1/wallet/statement?limit=1')).json<{
      lines: { kind: string; outKobo: number; balanceAfterKobo: number }[];
      nextCursor: number | null;
    }>();
    expect(statement.lines).toEqual([
      expect.objectContaining({ kind: 'adjustment', outKobo: 20_050, balanceAfterKobo: 100_000 }),
    ]);
    const next = (
      await client.get(`/api/v1/wallet/statement?limit=5&cursor=${statement.nextCursor ?? ''}`)
    ).json<{
      lines: { kind: string; inKobo: number; description: string; link: string | null }[];
    }>();
    expect(next.lines).toEqual([
      expect.objectContaining({
        kind: 'funding.card',
        inKobo: 120_050,
        description: 'Card payment',
        link: '/fund-wallet#payment-history-heading',
      }),
    ]);
  });
});
