import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../modules/funding/funding.port.ts';
import { startMisbehavingVendor, type MisbehavingVendor } from '../../../test/helpers/net.ts';
import {
  registerPaystackSimulator,
  type PaystackSimulator,
} from '../simulators/paystack/paystack-simulator.ts';
import { createPaystackGateway } from './paystack.adapter.ts';
import { paystackDedicatedAccountFeeKobo, paystackLocalFeeKobo } from './paystack.fees.ts';

// Runs against the simulator always. With PAYSTACK_CONTRACT_BASE_URL and PAYSTACK_CONTRACT_SECRET_KEY set,
// the cases that need no simulator-only hook also run against that Paystack sandbox.

const PREFIX = '/sandbox/paystack';
const SECRET = 'sk_test_contract';
const PUBLIC = 'pk_test_contract';
const CALLBACK = 'https://app.example.test/funding/callback?from=contract';
const CARDS = {
  success: '4084084084084081',
  pin: '507850785078507812',
  declined: '4084 0800 0000 5408',
  token: '5078 5078 5078 5078 53',
  timeout: '5060 6600 0000 0064',
  serverError: '5060 6650 6066 5060 67',
};

const newReference = () => `qv-contract-${Date.now()}-${randomBytes(4).toString('hex')}`;

type ReceivedWebhook = { raw: Buffer; signature: string | undefined; contentType: string | undefined };

async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const failures: number[] = [];
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  app.post('/webhooks/paystack', async (request, reply) => {
    const signature = request.headers['x-paystack-signature'];
    received.push({
      raw: request.body as Buffer,
      signature: typeof signature === 'string' ? signature : undefined,
      contentType: request.headers['content-type'],
    });
    return reply.status(failures.shift() ?? 200).send({ ok: true });
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${origin}/webhooks/paystack`,
    received,
    forReference: (reference: string) =>
      received.filter(
        (w) =>
          (JSON.parse(w.raw.toString('utf8')) as { data: { reference: string } }).data.reference ===
          reference,
      ),
    /** The next deliveries are answered with these statuses, then 200 again. */
    failNext: (...statuses: number[]) => failures.push(...statuses),
    close: () => app.close(),
  };
}

type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

async function startSimulator(webhookUrl: string, retryDelaysMs = [0, 0]) {
  const app = Fastify({ logger: false });
  const simulator = registerPaystackSimulator(app, {
    prefix: PREFIX,
    secretKey: SECRET,
    publicKey: PUBLIC,
    webhookUrl,
    productName: 'QuickVend',
    retryDelaysMs,
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, simulator, origin, baseUrl: `${origin}${PREFIX}` };
}

type Target = { baseUrl: string; secretKey: string; close: () => Promise<void> };

function describeGatewayContract(name: string, startTarget: () => Promise<Target>) {
  describe(`PaymentGateway contract against ${name}`, () => {
    let target: Target;
    let gateway: PaymentGateway;

    beforeAll(async () => {
      target = await startTarget();
      gateway = createPaystackGateway({
        baseUrl: target.baseUrl,
        secretKey: target.secretKey,
        publicKey: PUBLIC,
      });
    });
    afterAll(async () => {
      await target.close();
    });

    it('initializes a transaction that verifies as abandoned until paid', async () => {
      const reference = newReference();
      const started = await gateway.initializeTransaction({
        email: 'ada@example.com',
        amountKobo: kobo(150_000),
        reference,
        callbackUrl: CALLBACK,
        metadata: { purpose: 'wallet_funding' },
      });
      expect(started.reference).toBe(reference);
      expect(started.accessCode).not.toBe('');
      expect(started.authorizationUrl).toMatch(/^https?:\/\//);

      const verified = await gateway.verifyTransaction(reference);
      expect(verified).toMatchObject({
        reference,
        status: 'abandoned',
        amountKobo: 150_000,
        currency: 'NGN',
        paidAt: null,
        customerEmail: 'ada@example.com',
      });
    });

    it('refuses a duplicate reference with code duplicate_reference', async () => {
      const input = {
        email: 'ada@example.com',
        amountKobo: kobo(50_000),
        reference: newReference(),
        callbackUrl: CALLBACK,
      };
      await gateway.initializeTransaction(input);
      const second = gateway.initializeTransaction(input);
      await expect(second).rejects.toBeInstanceOf(GatewayRejectedError);
      await expect(second).rejects.toMatchObject({ code: 'duplicate_reference' });
    });

    it('answers null for a reference it has never seen', async () => {
      expect(await gateway.verifyTransaction(newReference())).toBeNull();
    });

    it('refuses a wrong secret key', async () => {
      const wrong = createPaystackGateway({
        baseUrl: target.baseUrl,
        secretKey: 'sk_test_wrong',
        publicKey: PUBLIC,
      });
      await expect(wrong.verifyTransaction(newReference())).rejects.toBeInstanceOf(GatewayRejectedError);
    });
  });
}

describeGatewayContract('the simulator', async () => {
  const sim = await startSimulator('http://127.0.0.1:9/webhooks/paystack', []);
  return { baseUrl: sim.baseUrl, secretKey: SECRET, close: () => sim.app.close() };
});

const liveBaseUrl = process.env.PAYSTACK_CONTRACT_BASE_URL;
const liveSecretKey = process.env.PAYSTACK_CONTRACT_SECRET_KEY;
if (liveBaseUrl && liveSecretKey) {
  describeGatewayContract(liveBaseUrl, () =>
    Promise.resolve({ baseUrl: liveBaseUrl, secretKey: liveSecretKey, close: () => Promise.resolve() }),
  );
}

describe('Paystack simulator: checkout, webhooks and dedicated accounts', () => {
  let receiver: WebhookReceiver;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let simulator: PaystackSimulator;
  let gateway: PaymentGateway;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    sim = await startSimulator(receiver.url);
    simulator = sim.simulator;
    gateway = createPaystackGateway({ baseUrl: sim.baseUrl, secretKey: SECRET, publicKey: PUBLIC });
  });
  afterEach(async () => {
    await simulator.flush();
  });
  afterAll(async () => {
    await sim.app.close();
    await receiver.close();
  });

  async function startPayment(amountKobo = 250_000) {
    const reference = newReference();
    const started = await gateway.initializeTransaction({
      email: 'ada@example.com',
      amountKobo: kobo(amountKobo),
      reference,
      callbackUrl: CALLBACK,
    });
    return { reference, checkoutUrl: started.authorizationUrl };
  }

  const post = (url: string, form: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

  async function formActions(checkoutUrl: string) {
    const html = await (await fetch(checkoutUrl)).text();
    const actions = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1] ?? '');
    const origin = new URL(checkoutUrl).origin;
    const pay = actions.find((a) => a.endsWith('/pay'));
    const cancel = actions.find((a) => a.endsWith('/cancel'));
    if (!pay || !cancel) throw new Error(`checkout page has no pay and cancel forms:\n${html}`);
    return {
      html,
      pay: `${origin}${pay}`,
      cancel: `${origin}${cancel}`,
      pin: `${origin}${pay.replace(/\/pay$/, '/pin')}`,
    };
  }

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

  it('creates a dedicated account and turns a simulated transfer into a dedicated_nuban charge.success', async () => {
    const email = `ada.${randomBytes(3).toString('hex')}@example.com`;
    const account = await gateway.createDedicatedAccount({
      email,
      firstName: 'Ada',
      lastName: 'Obi',
      phone: '08031234567',
    });
    expect(account).toMatchObject({ bankName: 'Test Bank', accountName: 'QuickVend / Ada Obi' });
    expect(account.accountNumber).toMatch(/^\d{10}$/);
    expect(account.customerCode).toMatch(/^CUS_/);
    expect(await gateway.createDedicatedAccount({ email, firstName: 'Ada', lastName: 'Obi' })).toEqual(
      account,
    );

    const customer = await fetch(`${sim.baseUrl}/customer/${account.customerCode}`, {
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(await customer.json()).toMatchObject({
      status: true,
      data: { dedicated_account: { account_number: account.accountNumber, bank: { slug: 'test-bank' } } },
    });

    const response = await fetch(`${sim.baseUrl}/simulate/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account_number: account.accountNumber,
        amount: 500_000,
        sender_name: 'Chinedu Eze',
      }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { reference: string } };

    await simulator.flush();
    const [webhook] = receiver.forReference(data.reference);
    if (!webhook) throw new Error('no webhook arrived');
    expect(gateway.isValidWebhookSignature(webhook.raw, webhook.signature)).toBe(true);
    expect(gateway.readWebhookEvent(JSON.parse(webhook.raw.toString('utf8')))).toEqual({
      kind: 'charge.success',
      key: `charge.success:${data.reference}`,
      reference: data.reference,
      channel: 'dedicated_nuban',
      customerCode: account.customerCode,
      receiverAccountNumber: account.accountNumber,
    });
    expect(await gateway.verifyTransaction(data.reference)).toMatchObject({
      status: 'success',
      amountKobo: 500_000,
      feesKobo: paystackDedicatedAccountFeeKobo(kobo(500_000)),
      channel: 'dedicated_nuban',
      customerEmail: email,
      customerCode: account.customerCode,
      receiverAccountNumber: account.accountNumber,
      senderName: 'Chinedu Eze',
    });
  });

  it('simulates a transfer from its HTML form and refuses an unknown account', async () => {
    const account = await gateway.createDedicatedAccount({
      email: `bola.${randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Bola',
      lastName: 'Ade',
    });
    const page = await fetch(`${sim.baseUrl}/simulate/transfer?account_number=${account.accountNumber}`);
    expect(await page.text()).toContain('QuickVend / Bola Ade');

    const sent = await post(`${sim.baseUrl}/simulate/transfer`, {
      account_number: account.accountNumber,
      amount_naira: '1,500',
      sender_name: 'Bola Ade',
    });
    expect(sent.status).toBe(303);
    const location = sent.headers.get('location') ?? '';
    const reference = new URL(location, sim.origin).searchParams.get('sent') ?? '';
    expect(await (await fetch(new URL(location, sim.origin))).text()).toContain('Transfer sent');
    expect(await gateway.verifyTransaction(reference)).toMatchObject({
      amountKobo: 150_000,
      status: 'success',
    });

    const unknown = await fetch(`${sim.baseUrl}/simulate/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_number: '0000000000', amount: 10_000 }),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: false, message: 'Dedicated account not found' });
  });

  it('speaks the Paystack wire protocol for auth and validation', async () => {
    const call = (path: string, body: unknown, key = SECRET) =>
      fetch(`${sim.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const noKey = await fetch(`${sim.baseUrl}/transaction/verify/anything`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ status: false, message: 'Invalid key' });

    const asString = await call('/transaction/initialize', { email: 'ada@example.com', amount: '500000' });
    expect(asString.status).toBe(200);
    const created = (await asString.json()) as {
      status: boolean;
      message: string;
      data: { authorization_url: string };
    };
    expect(created).toMatchObject({ status: true, message: 'Authorization URL created' });
    expect(created.data.authorization_url.startsWith(`${sim.origin}${PREFIX}/checkout/`)).toBe(true);

    for (const body of [
      { email: 'not-an-email', amount: 10_000 },
      { email: 'ada@example.com', amount: 4_999 },
      { email: 'ada@example.com', amount: 100.5 },
      { email: 'ada@example.com', amount: 10_000, reference: 'has space' },
    ]) {
      const refused = await call('/transaction/initialize', body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ status: false, type: 'validation_error' });
    }

    const unknown = await fetch(`${sim.baseUrl}/transaction/verify/nope`, {
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ status: false, message: 'Transaction reference not found' });
  });
});

describe('Paystack client transport failures', () => {
  let vendor: MisbehavingVendor;

  beforeAll(async () => {
    vendor = await startMisbehavingVendor((app) => {
      app.get('/transaction/verify/down', (_request, reply) =>
        reply.status(502).send('<html>Bad gateway</html>'),
      );
      app.get('/transaction/verify/html', (_request, reply) =>
        reply.type('text/html').send('<html>hello</html>'),
      );
      app.get('/transaction/verify/odd', () => ({ status: true, message: 'ok', data: { reference: 'odd' } }));
      app.get('/transaction/verify/refused', (_request, reply) =>
        reply.status(400).send({ status: false, message: 'Invalid reference', code: 'invalid_reference' }),
      );
    });
  });
  afterAll(async () => {
    await vendor.close();
  });

  const gatewayAt = (baseUrl: string, timeoutMs?: number) =>
    createPaystackGateway({
      baseUrl,
      secretKey: SECRET,
      publicKey: PUBLIC,
      ...(timeoutMs !== undefined && { timeoutMs }),
    });

  it('gives up on a server that never answers after timeoutMs', async () => {
    const started = Date.now();
    await expect(gatewayAt(vendor.hangingUrl, 200).verifyTransaction('any')).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each([
    ['a 5xx', 'down'],
    ['a body that is not JSON', 'html'],
    ['JSON in an unexpected shape', 'odd'],
  ])('treats %s as unavailable', async (_name, reference) => {
    await expect(gatewayAt(vendor.answeringUrl).verifyTransaction(reference)).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
  });

  it('turns a 4xx refusal into GatewayRejectedError with its code', async () => {
    await expect(gatewayAt(vendor.answeringUrl).verifyTransaction('refused')).rejects.toMatchObject({
      name: 'GatewayRejectedError',
      message: 'Invalid reference',
      code: 'invalid_reference',
    });
  });

  it('treats a refused connection as unavailable', async () => {
    await expect(gatewayAt(vendor.refusingUrl).verifyTransaction('any')).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
  });
});

describe('Paystack simulator behind a public origin', () => {
  it('puts the configured origin in authorization_url', async () => {
    const app = Fastify({ logger: false });
    registerPaystackSimulator(app, {
      prefix: PREFIX,
      secretKey: SECRET,
      publicKey: PUBLIC,
      webhookUrl: 'http://127.0.0.1:9/webhooks/paystack',
      productName: 'QuickVend',
      publicOrigin: 'https://quickvend.example/',
    });
    const response = await app.inject({
      method: 'POST',
      url: `${PREFIX}/transaction/initialize`,
      headers: { authorization: `Bearer ${SECRET}` },
      payload: { email: 'ada@example.com', amount: 10_000 },
    });
    const body = response.json<{ data: { authorization_url: string; access_code: string } }>();
    expect(body.data.authorization_url).toBe(
      `https://quickvend.example${PREFIX}/checkout/${body.data.access_code}`,
    );
    await app.close();
  });
});
