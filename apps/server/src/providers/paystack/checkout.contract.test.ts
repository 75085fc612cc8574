import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import type { PaymentGateway } from '../../modules/funding/funding.port.ts';
import type { PaystackSimulator } from '../simulators/paystack/paystack-simulator.ts';
import {
  CARDS,
  PREFIX,
  formActions,
  post,
  startPaymentOn,
  startSimulatorWithWebhooks,
  type RunningSimulator,
  type WebhookReceiver,
} from './contract.helpers.ts';
import { paystackLocalFeeKobo } from './paystack.fees.ts';

describe('Paystack simulator: checkout and webhooks', () => {
  let receiver: WebhookReceiver;
  let sim: RunningSimulator;
  let simulator: PaystackSimulator;
  let gateway: PaymentGateway;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ receiver, sim, simulator, gateway, close } = await startSimulatorWithWebhooks());
  });
  afterEach(async () => {
    await simulator.flush();
  });
  afterAll(async () => {
    await close();
  });

  const startPayment = (amountKobo?: number) => startPaymentOn(gateway, amountKobo);

  it('shows a checkout page with the amount, the email and every test card', async () => {
    const { checkoutUrl } = await startPayment(250_000);
    const response = await fetch(checkoutUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('₦2,500.00');
    expect(html).toContain('Pay ₦2,500.00');
    expect(html).toContain('ada@example.com');
    for (const label of [
      'Success',
      'Success after PIN 1111',
      'Declined',
      'Token not generated',
      'Timeout',
      'Server error',
    ]) {
      expect(html).toContain(`<span class="outcome">${label}</span>`);
    }
    expect(html).not.toMatch(/<script|style=|<style/);
    const css = await fetch(`${sim.origin}${PREFIX}/assets/checkout.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('pays with the success card: redirect, verify, fees and a signed charge.success webhook', async () => {
    const amount = 250_000;
    const { reference, checkoutUrl } = await startPayment(amount);
    const { pay } = await formActions(checkoutUrl);

    const response = await post(pay, { card: CARDS.success, card_number: '' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://app.example.test/funding/callback');
    expect(location.searchParams.get('from')).toBe('contract');
    expect(location.searchParams.get('trxref')).toBe(reference);
    expect(location.searchParams.get('reference')).toBe(reference);

    const verified = await gateway.verifyTransaction(reference);
    expect(verified).toMatchObject({
      status: 'success',
      amountKobo: amount,
      feesKobo: paystackLocalFeeKobo(kobo(amount)),
      channel: 'card',
      gatewayResponse: 'Successful',
    });
    expect(verified?.paidAt).toBeInstanceOf(Date);

    await simulator.flush();
    const [webhook, ...others] = receiver.forReference(reference);
    expect(others).toHaveLength(0);
    if (!webhook) throw new Error('no webhook arrived');
    expect(webhook.contentType).toBe('application/json');
    expect(gateway.isValidWebhookSignature(webhook.raw, webhook.signature)).toBe(true);
    expect(gateway.readWebhookEvent(JSON.parse(webhook.raw.toString('utf8')))).toEqual({
      kind: 'charge.success',
      key: `charge.success:${reference}`,
      reference,
      channel: 'card',
      customerCode: verified?.customerCode,
      receiverAccountNumber: null,
    });

    const again = await fetch(checkoutUrl);
    const html = await again.text();
    expect(html).toContain('Payment successful');
    expect(html).not.toContain('name="card"');
    const repeat = await post(pay, { card: CARDS.success });
    expect(repeat.status).toBe(200);
    await simulator.flush();
    expect(receiver.forReference(reference)).toHaveLength(1);
  });

  it('declines the declined card (a typed number wins over the radio) and sends no webhook', async () => {
    const { reference, checkoutUrl } = await startPayment();
    const { pay } = await formActions(checkoutUrl);
    const response = await post(pay, { card: CARDS.success, card_number: CARDS.declined });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Declined');
    expect(html).toContain('Cancel payment');
    expect(html).toContain('name="card"');

    expect(await gateway.verifyTransaction(reference)).toMatchObject({
      status: 'failed',
      gatewayResponse: 'Declined',
    });
    await simulator.flush();
    expect(receiver.forReference(reference)).toHaveLength(0);
    expect(await (await fetch(checkoutUrl)).text()).toContain('Payment failed');
  });

  it('asks for a PIN on the Verve card and pays once the PIN is 1111', async () => {
    const { reference, checkoutUrl } = await startPayment();
    const { pay, pin } = await formActions(checkoutUrl);

    const askPin = await post(pay, { card: CARDS.pin });
    const askHtml = await askPin.text();
    expect(askHtml).toContain('name="pin"');
    expect(askHtml).toContain('7812');

    const wrong = await post(pin, { pin: '0000' });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('Incorrect PIN');
    expect(await gateway.verifyTransaction(reference)).toMatchObject({ status: 'abandoned' });

    const right = await post(pin, { pin: '1111' });
    expect(right.status).toBe(303);
    expect(await gateway.verifyTransaction(reference)).toMatchObject({ status: 'success', channel: 'card' });
    await simulator.flush();
    expect(receiver.forReference(reference)).toHaveLength(1);
  });

  it.each([
    {
      card: CARDS.token,
      text: 'Token Not Generated. Customer Not Registered on Token Platform',
      status: 'failed',
    },
    { card: CARDS.timeout, text: 'The bank did not respond in time', status: 'abandoned' },
    { card: CARDS.serverError, text: 'The payment gateway had an error', status: 'abandoned' },
  ])('shows "$text" for card $card and leaves the payment $status', async ({ card, text, status }) => {
    const { reference, checkoutUrl } = await startPayment();
    const { pay } = await formActions(checkoutUrl);
    const response = await post(pay, { card_number: card });
    expect(await response.text()).toContain(text);
    expect(await gateway.verifyTransaction(reference)).toMatchObject({ status });
    await simulator.flush();
    expect(receiver.forReference(reference)).toHaveLength(0);
  });

  it('keeps an unknown card number on the checkout page', async () => {
    const { reference, checkoutUrl } = await startPayment();
    const { pay } = await formActions(checkoutUrl);
    const response = await post(pay, { card: CARDS.success, card_number: '4111 1111 1111 1111' });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Card not recognised in test mode');
    expect(html).toContain('name="card"');
    expect(await gateway.verifyTransaction(reference)).toMatchObject({ status: 'abandoned' });
  });

  it('cancels back to the callback with cancelled=true and leaves the payment abandoned', async () => {
    const { reference, checkoutUrl } = await startPayment();
    const { cancel } = await formActions(checkoutUrl);
    const response = await post(cancel, {});
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('reference')).toBe(reference);
    expect(location.searchParams.get('cancelled')).toBe('true');
    expect(location.searchParams.get('from')).toBe('contract');
    expect(await gateway.verifyTransaction(reference)).toMatchObject({ status: 'abandoned' });
  });

  it('retries a webhook the receiver refused and delivers the same signed bytes', async () => {
    const { reference, checkoutUrl } = await startPayment();
    const { pay } = await formActions(checkoutUrl);
    const before = simulator.countDeliveryAttempts();
    receiver.failNext(500);
    await post(pay, { card: CARDS.success });
    await simulator.flush();
    expect(simulator.countDeliveryAttempts() - before).toBe(2);
    const [first, second] = receiver.forReference(reference);
    if (!first || !second) throw new Error('expected two deliveries');
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(gateway.isValidWebhookSignature(second.raw, second.signature)).toBe(true);
  });

  it('gives up after the last retry', async () => {
    const { reference, checkoutUrl } = await startPayment();
    const { pay } = await formActions(checkoutUrl);
    const before = simulator.countDeliveryAttempts();
    receiver.failNext(500, 502, 503);
    await post(pay, { card: CARDS.success });
    await simulator.flush();
    expect(simulator.countDeliveryAttempts() - before).toBe(3);
    expect(receiver.forReference(reference)).toHaveLength(3);
    expect(await gateway.verifyTransaction(reference)).toMatchObject({ status: 'success' });
  });
});
