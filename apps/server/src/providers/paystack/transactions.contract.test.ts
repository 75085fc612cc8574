import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../modules/funding/funding.port.ts';
import { startMisbehavingVendor, type MisbehavingVendor } from '../../../test/helpers/net.ts';
import { registerPaystackSimulator } from '../simulators/paystack/paystack-simulator.ts';
import {
  CALLBACK,
  PREFIX,
  PUBLIC,
  SECRET,
  newReference,
  startSimulator,
  startSimulatorWithWebhooks,
  type RunningSimulator,
} from './contract.helpers.ts';
import { createPaystackGateway } from './paystack.adapter.ts';

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

describe('Paystack simulator: the transaction API on the wire', () => {
  let sim: RunningSimulator;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ sim, close } = await startSimulatorWithWebhooks());
  });
  afterAll(async () => {
    await close();
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
