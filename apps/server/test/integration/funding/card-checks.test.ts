import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Payment } from '@quickvend/shared/api/funding';
import { createTestApp, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
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

const MINUTE = 60_000;

describeEachDatabase('card payments checked with Paystack on a schedule', (kind) => {
  let t: TestApp;
  let now = new Date();
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => now } });
  });
  afterAll(async () => {
    await t.close();
  });

  const paystack = () => {
    const simulator = t.simulators.paystack;
    if (!simulator) throw new Error('the Paystack simulator is not mounted');
    return simulator;
  };
  // the job's work, as its scheduled run does it
  const runCheck = () => t.container.funding.checkOpenCardPayments();
  const historyOf = async (client: TestClient) =>
    (await client.get('/api/v1/funding/payments')).json<{ payments: Payment[] }>().payments;
  const statusOf = async (client: TestClient, reference: string) =>
    (await historyOf(client)).find((p) => p.reference === reference)?.status;
  const balanceOf = (userId: string) => t.container.ledger.getWalletBalance(userId);
  const walletLines = async (userId: string) =>
    (await t.container.ledger.listWalletLines(userId, { limit: 10 })).lines;
  const waitForWebhooksProcessed = () =>
    vi.waitFor(
      async () => {
        const open = await t.container.db.query.webhookEvents.findMany({
          where: (w, { isNull }) => isNull(w.processedAt),
        });
        expect(open.map((event) => [event.eventKey, event.attempts, event.lastError])).toEqual([]);
      },
      { timeout: 20_000, interval: 100 },
    );
  const sound = async () => {
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.funding.verify()).toEqual([]);
  };

  it('ends a declined payment as failed, once the grace period has passed, crediting nothing', async () => {
    const { client, email, userId } = await signUp(t.app);
    const { checkout, payment } = await startCardPayment(client, email, '3000');
    await payOnCheckout(t, checkout.authorizationUrl, DECLINED_CARD);

    advance(MINUTE);
    await runCheck();
    expect(paystack().countVerifies(payment.reference)).toBe(0);
    expect(await statusOf(client, payment.reference)).toBe('pending');

    advance(2 * MINUTE);
    await runCheck();
    expect(await statusOf(client, payment.reference)).toBe('failed');
    expect(await balanceOf(userId)).toBe(0);
    await sound();
  });

  it('ends an unpaid checkout as abandoned only after its lifetime, and still credits it once if paid later', async () => {
    const { client, email, userId } = await signUp(t.app);
    const { checkout, payment } = await startCardPayment(client, email, '1500');
    const [listed] = await historyOf(client);
    expect(listed).toMatchObject({
      reference: payment.reference,
      status: 'pending',
      checkoutEndsAt: new Date(new Date(payment.createdAt).getTime() + 30 * MINUTE).toISOString(),
    });

    // Paystack calls a checkout nobody has paid on yet "abandoned": the customer may still be typing
    advance(5 * MINUTE);
    await runCheck();
    expect(paystack().countVerifies(payment.reference)).toBeGreaterThan(0);
    expect(await statusOf(client, payment.reference)).toBe('pending');

    advance(25 * MINUTE);
    await runCheck();
    expect(await statusOf(client, payment.reference)).toBe('abandoned');
    expect(await balanceOf(userId)).toBe(0);

    // the bank took the money after all: Paystack's answer wins
    await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD);
    await paystack().flush();
    await waitForWebhooksProcessed();
    advance(MINUTE);
    await runCheck();
    expect(await statusOf(client, payment.reference)).toBe('success');
    expect(await balanceOf(userId)).toBe(150_000);
    expect(await walletLines(userId)).toHaveLength(1);
    await sound();
  });

  it('credits a payment whose webhook never came, once', async () => {
    const { client, email, userId } = await signUp(t.app);
    const { payment } = await startCardPayment(client, email, '2500');
    expect(await paystack().alterTransaction(payment.reference, 'success')).toBe(true);

    advance(3 * MINUTE);
    await runCheck();
    expect(await statusOf(client, payment.reference)).toBe('success');
    expect(await balanceOf(userId)).toBe(250_000);

    advance(MINUTE);
    await runCheck();
    await client.post('/api/v1/funding/card/confirm', { reference: payment.reference });
    expect(await balanceOf(userId)).toBe(250_000);
    expect(await walletLines(userId)).toHaveLength(1);
    await sound();
  });

  it('racing the webhook and the browser, credits once', async () => {
    const { client, email, userId } = await signUp(t.app);
    const { payment } = await startCardPayment(client, email, '4000');
    expect(await paystack().alterTransaction(payment.reference, 'success')).toBe(true);
    advance(3 * MINUTE);
    const body = chargeSuccess(payment.reference, 400_000);
    const [, webhooks] = await Promise.all([
      runCheck(),
      Promise.all(Array.from({ length: 10 }, () => postWebhook(t, body, sign(body)))),
      client.post('/api/v1/funding/card/confirm', { reference: payment.reference }),
    ]);
    expect(webhooks.every((response) => response.status === 200)).toBe(true);
    await waitForWebhooksProcessed();
    expect(await statusOf(client, payment.reference)).toBe('success');
    expect(await balanceOf(userId)).toBe(400_000);
    const lines = await walletLines(userId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amountKobo: 400_000, reference: `funding:${payment.reference}` });
    await sound();
  });

  it('leaves a payment pending while Paystack answers with an error, past its lifetime too', async () => {
    const { client, email, userId } = await signUp(t.app);
    const { payment } = await startCardPayment(client, email, '1200');
    paystack().failVerify(payment.reference, true);

    advance(3 * MINUTE);
    await runCheck();
    expect(paystack().countVerifies(payment.reference)).toBe(1);
    expect(await statusOf(client, payment.reference)).toBe('pending');

    advance(30 * MINUTE);
    await runCheck();
    expect(paystack().countVerifies(payment.reference)).toBe(2);
    expect(await statusOf(client, payment.reference)).toBe('pending');

    // answered again: asked at the next run, and ended
    paystack().failVerify(payment.reference, false);
    advance(MINUTE);
    await runCheck();
    expect(await statusOf(client, payment.reference)).toBe('abandoned');
    expect(await balanceOf(userId)).toBe(0);
  });

  it('two runs at once ask Paystack once about each payment and credit each once', async () => {
    const declined = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const { client, email } = await signUp(t.app);
        const { checkout, payment } = await startCardPayment(client, email, '1000');
        await payOnCheckout(t, checkout.authorizationUrl, DECLINED_CARD);
        return { client, reference: payment.reference };
      }),
    );
    const paid = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const { client, email, userId } = await signUp(t.app);
        const { payment } = await startCardPayment(client, email, '2000');
        expect(await paystack().alterTransaction(payment.reference, 'success')).toBe(true);
        return { client, userId, reference: payment.reference };
      }),
    );
    advance(3 * MINUTE);
    const [first, second] = await Promise.all([runCheck(), runCheck()]);
    const changed = [...first, ...second].map((change) => change.reference);
    expect(new Set(changed).size).toBe(changed.length);
    for (const { client, reference } of declined) {
      expect(paystack().countVerifies(reference)).toBe(1);
      expect(await statusOf(client, reference)).toBe('failed');
    }
    for (const { client, userId, reference } of paid) {
      expect(paystack().countVerifies(reference)).toBe(1);
      expect(await statusOf(client, reference)).toBe('success');
      expect(await balanceOf(userId)).toBe(200_000);
      expect(await walletLines(userId)).toHaveLength(1);
    }
    await sound();
  });
});
