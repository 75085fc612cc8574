import { randomInt } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { kobo, parseNaira } from '@quickvend/shared/money';
import {
  ProviderUnavailableError,
  type BillsProvider,
  type PurchaseRequest,
} from '../../modules/purchases/purchases.port.ts';
import { startMisbehavingVendor, type MisbehavingVendor } from '../../../test/helpers/net.ts';
import type { SimulatorTimers } from '../simulators/timers.ts';
import { registerVtpassSimulator, type VtpassSimulator } from '../simulators/vtpass/vtpass-simulator.ts';
import { createVtpassProvider } from './vtpass.adapter.ts';
import { createVtpassClient } from './vtpass.client.ts';
import { formatLagosMinuteStamp } from '@quickvend/shared/format';

// Runs against the simulator always. With VTPASS_CONTRACT_BASE_URL, VTPASS_CONTRACT_API_KEY,
// VTPASS_CONTRACT_PUBLIC_KEY and VTPASS_CONTRACT_SECRET_KEY set, the cases that need no simulator-only hook
// also run against that VTpass sandbox.

const PREFIX = '/sandbox/vtpass/api';
const KEYS = { apiKey: 'sandbox-api-key', publicKey: 'PK_contract', secretKey: 'SK_contract' };
const NUMBERS = {
  success: '08011111111',
  pending: '201000000000',
  unexpected: '500000000000',
  noResponse: '400000000000',
  timeout: '300000000000',
};

/** A number no sandbox scenario uses: VTpass fails it. */
const otherNumber = () => `0803${String(randomInt(10_000_000)).padStart(7, '0')}`;

type Keys = typeof KEYS;

async function startCallbackReceiver() {
  const received: unknown[] = [];
  const refusals: unknown[] = [];
  const app = Fastify({ logger: false });
  app.post('/webhooks/vtpass', (request) => {
    received.push(request.body);
    return refusals.length > 0 ? refusals.shift() : { response: 'success' };
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${origin}/webhooks/vtpass`,
    received,
    /** The next callbacks are answered with these bodies, then `{"response":"success"}` again. */
    refuseNext: (...bodies: unknown[]) => refusals.push(...bodies),
    close: () => app.close(),
  };
}

type CallbackReceiver = Awaited<ReturnType<typeof startCallbackReceiver>>;

/** Simulator waits that end only when the test fires them: no test waits for real time to pass. */
function manualTimers() {
  const waits: { ms: number; fire: () => void }[] = [];
  const timers: SimulatorTimers = {
    schedule(ms, fire) {
      const wait = { ms, fire };
      waits.push(wait);
      return () => {
        waits.splice(waits.indexOf(wait), 1);
      };
    },
  };
  return { timers, waits };
}

async function startSimulator(
  callbackUrl: string,
  overrides: Partial<Parameters<typeof registerVtpassSimulator>[1]> = {},
) {
  const app = Fastify({ logger: false });
  const simulator = registerVtpassSimulator(app, {
    prefix: PREFIX,
    ...KEYS,
    callbackUrl,
    pendingResolveMs: Infinity,
    callbackRetryDelaysMs: [0, 0, 0, 0],
    ...overrides,
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, simulator, origin, baseUrl: `${origin}${PREFIX}` };
}

type Target = { baseUrl: string; keys: Keys; isSimulator: boolean; close: () => Promise<void> };

function airtime(provider: BillsProvider, phone: string, overrides: Partial<PurchaseRequest> = {}) {
  return {
    requestId: provider.newRequestId(new Date()),
    serviceId: 'mtn',
    phone,
    amountKobo: kobo(10_000),
    ...overrides,
  } satisfies PurchaseRequest;
}

function describeProviderContract(name: string, startTarget: () => Promise<Target>) {
  describe(`BillsProvider contract against ${name}`, () => {
    let target: Target;
    let provider: BillsProvider;

    beforeAll(async () => {
      target = await startTarget();
      provider = createVtpassProvider({ baseUrl: target.baseUrl, ...target.keys });
    });
    afterAll(async () => {
      await target.close();
    });

    it('fails a purchase with wrong keys as 087, nothing charged', async () => {
      const wrong = createVtpassProvider({ baseUrl: target.baseUrl, ...target.keys, secretKey: 'SK_wrong' });
      expect(await wrong.purchase(airtime(wrong, NUMBERS.success))).toMatchObject({
        status: 'failed',
        code: '087',
      });
    });

    it('delivers airtime to the success number with its reference and cost', async () => {
      const request = airtime(provider, NUMBERS.success);
      const outcome = await provider.purchase(request);
      expect(outcome).toMatchObject({ status: 'delivered', token: null, pins: null });
      if (outcome.status !== 'delivered') throw new Error('not delivered');
      expect(outcome.providerReference).toMatch(/^\d+$/);
      expect(outcome.costKobo).not.toBeNull();
      expect(outcome.costKobo).toBeLessThanOrEqual(10_000);
      if (target.isSimulator) expect(outcome.costKobo).toBe(9_700);
      expect(await provider.requery(request.requestId)).toMatchObject({
        status: 'delivered',
        providerReference: outcome.providerReference,
      });
    });

    it('fails (016) a purchase to any other number, and the requery says failed', async () => {
      const request = airtime(provider, otherNumber(), { serviceId: 'airtel' });
      expect(await provider.purchase(request)).toMatchObject({ status: 'failed', code: '016' });
      expect(await provider.requery(request.requestId)).toMatchObject({ status: 'failed' });
    });

    it('answers a reused request id with 014: pending, requery the original', async () => {
      const request = airtime(provider, NUMBERS.success, { serviceId: 'glo' });
      expect(await provider.purchase(request)).toMatchObject({ status: 'delivered' });
      expect(await provider.purchase({ ...request, phone: otherNumber() })).toMatchObject({
        status: 'pending',
        code: '014',
      });
    });

    it('fails (085) a request id that is not dated today in Lagos', async () => {
      const yesterday = new Date(Date.now() - 26 * 60 * 60 * 1000);
      const stale = `${formatLagosMinuteStamp(yesterday)}abcdefghij`;
      expect(await provider.purchase(airtime(provider, NUMBERS.success, { requestId: stale }))).toMatchObject(
        {
          status: 'failed',
          code: '085',
        },
      );
    });

    it('answers unknown for a requery of a request id it has never seen', async () => {
      expect(await provider.requery(provider.newRequestId(new Date()))).toEqual({ status: 'unknown' });
    });

    it('lists mtn-data plans in kobo', async () => {
      const variations = await provider.listVariations('mtn-data');
      expect(variations.length).toBeGreaterThan(0);
      for (const variation of variations) {
        expect(Number.isSafeInteger(variation.amountKobo)).toBe(true);
        expect(variation.amountKobo).toBeGreaterThan(0);
        expect(variation.isFixedPrice).toBe(true);
      }
      if (target.isSimulator) {
        expect(variations).toContainEqual({
          code: 'mtn-1gb-275',
          name: 'MTN Data 1GB - 30 Days',
          amountKobo: 27_500,
          isFixedPrice: true,
        });
      }
    });

    it('lists airtime services with a ₦50 minimum', async () => {
      const networks = ['mtn', 'glo', 'airtel', 'etisalat'];
      const services = (await provider.listServices('airtime')).filter((s) => networks.includes(s.serviceId));
      expect(services.map((s) => s.serviceId).sort()).toEqual([...networks].sort());
      for (const service of services) expect(service.minimumKobo).toBe(5_000);
    });

    it('verifies the sandbox smartcard, meters and JAMB profile, and refuses other numbers', async () => {
      const dstv = await provider.verifyCustomer({ serviceId: 'dstv', billersCode: '1212121212' });
      expect(dstv.status === 'verified' && dstv.customer.customerName).toBeTruthy();
      const prepaid = await provider.verifyCustomer({
        serviceId: 'ikeja-electric',
        billersCode: '1111111111111',
        type: 'prepaid',
      });
      expect(prepaid.status === 'verified' && prepaid.customer.canVend).toBe(true);
      const postpaid = await provider.verifyCustomer({
        serviceId: 'ikeja-electric',
        billersCode: '1010101010101',
        type: 'postpaid',
      });
      expect(postpaid.status).toBe('verified');
      const jamb = await provider.verifyCustomer({
        serviceId: 'jamb',
        billersCode: '0123456789',
        type: 'utme-mock',
      });
      expect(jamb.status).toBe('verified');
      for (const check of [
        { serviceId: 'gotv', billersCode: '1234567890' },
        { serviceId: 'ikeja-electric', billersCode: '1234567890123', type: 'prepaid' },
        { serviceId: 'jamb', billersCode: '9876543210', type: 'utme-mock' },
      ]) {
        expect(await provider.verifyCustomer(check)).toMatchObject({ status: 'rejected' });
      }
    });

    it('refuses to verify with wrong keys as unavailable, never as the customer fault', async () => {
      const wrong = createVtpassProvider({ baseUrl: target.baseUrl, ...target.keys, secretKey: 'SK_wrong' });
      await expect(wrong.verifyCustomer({ serviceId: 'dstv', billersCode: '1212121212' })).rejects.toThrow(
        ProviderUnavailableError,
      );
    });
  });
}

describeProviderContract('the simulator', async () => {
  const sim = await startSimulator('http://127.0.0.1:9/webhooks/vtpass');
  return { baseUrl: sim.baseUrl, keys: KEYS, isSimulator: true, close: () => sim.app.close() };
});

const live = {
  baseUrl: process.env.VTPASS_CONTRACT_BASE_URL,
  apiKey: process.env.VTPASS_CONTRACT_API_KEY,
  publicKey: process.env.VTPASS_CONTRACT_PUBLIC_KEY,
  secretKey: process.env.VTPASS_CONTRACT_SECRET_KEY,
};
if (live.baseUrl && live.apiKey && live.publicKey && live.secretKey) {
  const { baseUrl, apiKey, publicKey, secretKey } = live;
  describeProviderContract(baseUrl, () =>
    Promise.resolve({
      baseUrl,
      keys: { apiKey, publicKey, secretKey },
      isSimulator: false,
      close: () => Promise.resolve(),
    }),
  );
}

describe('VTpass simulator: sandbox scenarios, float and callbacks', () => {
  let receiver: CallbackReceiver;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let simulator: VtpassSimulator;
  let provider: BillsProvider;

  beforeAll(async () => {
    receiver = await startCallbackReceiver();
    sim = await startSimulator(receiver.url);
    simulator = sim.simulator;
    provider = createVtpassProvider({ baseUrl: sim.baseUrl, ...KEYS });
  });
  afterEach(async () => {
    await simulator.flush();
  });
  afterAll(async () => {
    await sim.app.close();
    await receiver.close();
  });

  const callbacksFor = (requestId: string) =>
    receiver.received.filter((body) => {
      const callback = provider.readCallback(body);
      return callback.type === 'transaction-update' && callback.requestId === requestId;
    });

  it('keeps 201000000000 pending until resolved, then delivers and calls back once', async () => {
    const request = airtime(provider, NUMBERS.pending);
    expect(await provider.purchase(request)).toMatchObject({ status: 'pending', code: '099' });
    expect(await provider.requery(request.requestId)).toMatchObject({ status: 'pending', code: '000' });
    expect(callbacksFor(request.requestId)).toHaveLength(0);

    await simulator.resolvePendingNow();
    const requeried = await provider.requery(request.requestId);
    expect(requeried).toMatchObject({ status: 'delivered', costKobo: 9_700 });
    const [callback, ...others] = callbacksFor(request.requestId);
    expect(others).toHaveLength(0);
    expect(provider.readCallback(callback)).toEqual({
      type: 'transaction-update',
      requestId: request.requestId,
    });
    expect(callback).toMatchObject({
      type: 'transaction-update',
      data: { code: '000', content: { transactions: { status: 'delivered' } } },
    });
  });

  it('delivers a pending sale by itself once pendingResolveMs has passed, and calls back', async () => {
    const clock = manualTimers();
    const own = await startSimulator(receiver.url, { pendingResolveMs: 20_000, timers: clock.timers });
    const ownProvider = createVtpassProvider({ baseUrl: own.baseUrl, ...KEYS });
    const request = airtime(ownProvider, NUMBERS.pending);
    expect(await ownProvider.purchase(request)).toMatchObject({ status: 'pending' });
    expect(clock.waits.map((wait) => wait.ms)).toEqual([20_000]);
    expect(await ownProvider.requery(request.requestId)).toMatchObject({ status: 'pending' });

    clock.waits[0]?.fire();
    await own.simulator.flush();
    expect(callbacksFor(request.requestId)).toHaveLength(1);
    expect(await ownProvider.requery(request.requestId)).toMatchObject({ status: 'delivered' });
    await own.app.close();
  });

  it('resolves only the pending sale it is asked to', async () => {
    const first = airtime(provider, NUMBERS.pending);
    const second = airtime(provider, NUMBERS.pending);
    await provider.purchase(first);
    await provider.purchase(second);
    await simulator.resolvePendingNow(second.requestId);
    expect(await provider.requery(first.requestId)).toMatchObject({ status: 'pending' });
    expect(await provider.requery(second.requestId)).toMatchObject({ status: 'delivered' });
    await simulator.resolvePendingNow();
    expect(await provider.requery(first.requestId)).toMatchObject({ status: 'delivered' });
  });

  it('retries a callback until the answer is {"response":"success"}, at most 5 times', async () => {
    const first = airtime(provider, NUMBERS.pending);
    await provider.purchase(first);
    receiver.refuseNext({ response: 'ok' }, 'success');
    const before = simulator.callbackAttempts();
    await simulator.resolvePendingNow();
    expect(simulator.callbackAttempts() - before).toBe(3);
    expect(callbacksFor(first.requestId)).toHaveLength(3);

    const second = airtime(provider, NUMBERS.pending);
    await provider.purchase(second);
    receiver.refuseNext(...Array<unknown>(5).fill({ response: 'failed' }));
    await simulator.resolvePendingNow();
    expect(callbacksFor(second.requestId)).toHaveLength(5);
  });

  it('reverses a pending sale from the admin hook: failed (040), float credited back', async () => {
    const request = airtime(provider, NUMBERS.pending, { amountKobo: kobo(50_000) });
    const before = simulator.floatKobo();
    await provider.purchase(request);
    expect(simulator.floatKobo()).toBe(before - 48_500);
    const response = await fetch(`${sim.baseUrl}/simulate/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request_id: request.requestId, status: 'reversed' }),
    });
    expect(response.status).toBe(200);
    expect(simulator.floatKobo()).toBe(before);
    expect(await provider.requery(request.requestId)).toMatchObject({ status: 'failed', code: '040' });
    await simulator.flush();
    expect(callbacksFor(request.requestId)[0]).toMatchObject({
      data: { code: '040', amount: 485, content: { transactions: { status: 'reversed' } } },
    });
    const again = await fetch(`${sim.baseUrl}/simulate/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request_id: request.requestId, status: 'delivered' }),
    });
    expect(again.status).toBe(409);
  });

  it('answers 500000000000 with a body that is not JSON: unavailable, yet the sale was made', async () => {
    const request = airtime(provider, NUMBERS.unexpected);
    await expect(provider.purchase(request)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await provider.requery(request.requestId)).toMatchObject({ status: 'delivered' });
  });

  it('drops the connection for 400000000000 without answering: unavailable, yet the sale was made', async () => {
    const request = airtime(provider, NUMBERS.noResponse);
    await expect(provider.purchase(request)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await provider.requery(request.requestId)).toMatchObject({ status: 'delivered' });
  });

  it('hangs on 300000000000 past the client timeout: unavailable, yet the sale was made', async () => {
    const impatient = createVtpassProvider({ baseUrl: sim.baseUrl, ...KEYS, timeoutMs: 300 });
    const request = airtime(impatient, NUMBERS.timeout);
    const started = Date.now();
    await expect(impatient.purchase(request)).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await provider.requery(request.requestId)).toMatchObject({ status: 'delivered' });
  });

  it('answers a hanging 300000000000 sale once timeoutHangMs has passed', async () => {
    const clock = manualTimers();
    const own = await startSimulator(receiver.url, { timeoutHangMs: 60_000, timers: clock.timers });
    const patient = createVtpassProvider({ baseUrl: own.baseUrl, ...KEYS });
    const outcome = patient.purchase(airtime(patient, NUMBERS.timeout));
    await vi.waitFor(
      () => {
        expect(clock.waits.map((wait) => wait.ms)).toEqual([60_000]);
      },
      { timeout: 10_000 },
    );
    clock.waits[0]?.fire();
    expect(await outcome).toMatchObject({ status: 'delivered' });
    await own.app.close();
  });

  it('drops a hanging answer when the server closes, so nothing holds the close up', async () => {
    const closing = await startSimulator(receiver.url, { timers: manualTimers().timers });
    const patient = createVtpassProvider({ baseUrl: closing.baseUrl, ...KEYS });
    const outcome = patient.purchase(airtime(patient, NUMBERS.timeout));
    await vi.waitFor(
      () => {
        expect(closing.simulator.floatKobo()).toBeLessThan(100_000_000_00);
      },
      { timeout: 10_000 },
    );
    const started = Date.now();
    await closing.app.close();
    await expect(outcome).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('repeats the scenario numbers without 019 but refuses a repeat within 30 s as 019', async () => {
    for (const phone of [NUMBERS.pending, NUMBERS.pending, NUMBERS.unexpected, NUMBERS.unexpected]) {
      const outcome = provider.purchase(airtime(provider, phone, { serviceId: 'glo' }));
      await (phone === NUMBERS.pending
        ? expect(outcome).resolves.toMatchObject({ status: 'pending' })
        : expect(outcome).rejects.toBeInstanceOf(ProviderUnavailableError));
    }
    const sale = airtime(provider, NUMBERS.success, { serviceId: 'etisalat' });
    expect(await provider.purchase(sale)).toMatchObject({ status: 'delivered' });
    const repeat = airtime(provider, NUMBERS.success, { serviceId: 'etisalat' });
    expect(await provider.purchase(repeat)).toMatchObject({ status: 'failed', code: '019' });
    expect(await provider.requery(repeat.requestId)).toEqual({ status: 'unknown' });
  });

  it('debits the float by total_amount on delivery and never on failure', async () => {
    const before = simulator.floatKobo();
    await provider.purchase(
      airtime(provider, otherNumber(), { serviceId: 'airtel', amountKobo: kobo(20_000) }),
    );
    expect(simulator.floatKobo()).toBe(before);
    const outcome = await provider.purchase({
      requestId: provider.newRequestId(new Date()),
      serviceId: 'mtn-data',
      phone: NUMBERS.success,
      billersCode: NUMBERS.success,
      variationCode: 'mtn-1gb-275',
    });
    // 2% commission on ₦275.00
    expect(outcome).toMatchObject({ status: 'delivered', costKobo: 26_950 });
    expect(simulator.floatKobo()).toBe(before - 26_950);
  });

  it.each([
    ['an amount below ₦50', { amountKobo: kobo(4_999) }, '013'],
    ['an amount above ₦100,000', { amountKobo: kobo(10_000_001) }, '017'],
    ['an unknown serviceID', { serviceId: 'nope' }, '012'],
    ['a missing amount', { amountKobo: undefined }, '011'],
    ['an unknown data plan', { serviceId: 'mtn-data', variationCode: 'mtn-1tb-1' }, '010'],
    ['a request id without a date', { requestId: 'ABCDEFGHIJKLMNOP' }, '085'],
    [
      'a request id with an impossible date',
      { requestId: `${formatLagosMinuteStamp(new Date()).slice(0, 8)}2561xyz` },
      '085',
    ],
  ])('refuses %s with %s', async (_name, overrides, code) => {
    const outcome = await provider.purchase(airtime(provider, otherNumber(), overrides));
    expect(outcome).toMatchObject({ status: 'failed', code });
  });

  it('refuses a sale the float cannot cover with 018', async () => {
    const poor = await startSimulator(receiver.url, { initialFloatKobo: 5_000 });
    const poorProvider = createVtpassProvider({ baseUrl: poor.baseUrl, ...KEYS });
    expect(await poorProvider.purchase(airtime(poorProvider, NUMBERS.success))).toMatchObject({
      status: 'failed',
      code: '018',
    });
    expect(poor.simulator.floatKobo()).toBe(5_000);
    await poor.app.close();
  });

  it('sells an electricity token, exam PINs and a bouquet on the sandbox numbers', async () => {
    const buy = (request: Omit<PurchaseRequest, 'requestId'>) =>
      provider.purchase({ requestId: provider.newRequestId(new Date()), ...request });
    const token = await buy({
      serviceId: 'ikeja-electric',
      phone: NUMBERS.success,
      billersCode: '1111111111111',
      variationCode: 'prepaid',
      amountKobo: kobo(200_000),
    });
    expect(token).toMatchObject({ status: 'delivered', pins: null });
    expect(token.status === 'delivered' && token.token).toMatch(/^\d{20}$/);

    const postpaid = await buy({
      serviceId: 'eko-electric',
      phone: NUMBERS.success,
      billersCode: '1010101010101',
      variationCode: 'postpaid',
      amountKobo: kobo(200_000),
    });
    expect(postpaid).toMatchObject({ status: 'delivered', token: null });

    const waec = await buy({
      serviceId: 'waec',
      phone: NUMBERS.success,
      variationCode: 'waecdirect',
      quantity: 2,
    });
    expect(waec).toMatchObject({ status: 'delivered', token: null });
    expect(waec.status === 'delivered' && waec.pins).toEqual([
      {
        serial: expect.stringMatching(/^WRN\d+$/) as unknown,
        pin: expect.stringMatching(/^\d{12}$/) as unknown,
      },
      {
        serial: expect.stringMatching(/^WRN\d+$/) as unknown,
        pin: expect.stringMatching(/^\d{12}$/) as unknown,
      },
    ]);

    const jamb = await buy({
      serviceId: 'jamb',
      phone: NUMBERS.success,
      billersCode: '0123456789',
      variationCode: 'utme-mock',
    });
    expect(jamb).toMatchObject({ status: 'delivered', pins: [{ serial: null }] });

    const dstv = await buy({
      serviceId: 'dstv',
      phone: NUMBERS.success,
      billersCode: '1212121212',
      variationCode: 'dstv-padi',
      subscriptionType: 'change',
    });
    expect(dstv).toMatchObject({ status: 'delivered', costKobo: 433_400 });
    const wrongCard = await buy({
      serviceId: 'gotv',
      phone: NUMBERS.success,
      billersCode: '1234567890',
      variationCode: 'gotv-max',
    });
    expect(wrongCard).toMatchObject({ status: 'failed', code: '016' });
  });

  it('speaks the VTpass wire protocol for keys, catalogue, balance and verification', async () => {
    const client = createVtpassClient({ baseUrl: sim.baseUrl, ...KEYS });
    const get = (path: string, headers: Record<string, string>) =>
      fetch(`${sim.baseUrl}${path}`, { headers }).then((r) => r.json());

    const noKeys = await fetch(`${sim.baseUrl}/pay`, { method: 'POST' });
    expect(noKeys.status).toBe(200);
    expect(await noKeys.json()).toEqual({ code: '087', response_description: 'INVALID CREDENTIALS' });
    // a GET needs the public key, not the secret key
    expect(
      await get('/services?identifier=data', { 'api-key': KEYS.apiKey, 'secret-key': KEYS.secretKey }),
    ).toEqual({
      code: '087',
      response_description: 'INVALID CREDENTIALS',
    });
    const wrongPublic = createVtpassProvider({ baseUrl: sim.baseUrl, ...KEYS, publicKey: 'PK_wrong' });
    await expect(wrongPublic.listVariations('mtn-data')).rejects.toThrow(/087 INVALID CREDENTIALS/);

    const variations = (await get('/service-variations?serviceID=gotv', {
      'api-key': KEYS.apiKey,
      'public-key': KEYS.publicKey,
    })) as { content: { variations: unknown[]; varations: unknown[] } };
    expect(variations.content.varations).toEqual(variations.content.variations);
    expect(variations.content.variations[0]).toMatchObject({
      variation_amount: expect.stringMatching(/^\d+\.00$/) as unknown,
      fixedPrice: 'Yes',
    });
    expect(await provider.listVariations('mtn')).toEqual([]);
    expect((await provider.listVariations('showmax')).length).toBeGreaterThan(0);
    expect(await provider.listServices('electricity-bill')).toContainEqual({
      serviceId: 'portharcourt-electric',
      name: 'PHED - Port Harcourt Electric',
      minimumKobo: 50_000,
      maximumKobo: 50_000_000,
    });

    const balance = await client.balance();
    expect(parseNaira(balance)).toBe(simulator.floatKobo());
    const bySecret = await get('/balance', { 'api-key': KEYS.apiKey, 'secret-key': KEYS.secretKey });
    expect(bySecret).toMatchObject({ code: 1, contents: { balance } });

    expect(await client.merchantVerify({ serviceID: 'dstv', billersCode: '1212121212' })).toMatchObject({
      code: '000',
      content: {
        Customer_Name: 'TEST METHOD',
        Status: 'ACTIVE',
        Current_Bouquet: expect.any(String) as unknown,
        Renewal_Amount: expect.any(Number) as unknown,
      },
    });
    expect(
      await client.merchantVerify({
        serviceID: 'ikeja-electric',
        billersCode: '1111111111111',
        type: 'prepaid',
      }),
    ).toMatchObject({
      code: '000',
      content: { WrongBillersCode: false, Meter_Type: 'PREPAID' },
    });
    expect(
      await client.merchantVerify({ serviceID: 'ikeja-electric', billersCode: '1234', type: 'prepaid' }),
    ).toMatchObject({
      code: '000',
      content: { WrongBillersCode: true, error: expect.any(String) as unknown },
    });
    expect(
      await client.merchantVerify({ serviceID: 'jamb', billersCode: '0123456789', type: 'utme-mock' }),
    ).toMatchObject({
      code: '000',
      content: { Customer_Name: expect.any(String) as unknown },
    });
    expect(await client.merchantVerify({ serviceID: 'gotv', billersCode: '999' })).toMatchObject({
      code: '011',
    });
  });
});

describe('VTpass client transport failures', () => {
  let vendor: MisbehavingVendor;

  beforeAll(async () => {
    vendor = await startMisbehavingVendor((app) => {
      app.post('/down/pay', (_request, reply) => reply.status(502).send('<html>Bad gateway</html>'));
      app.post('/busy/pay', (_request, reply) => reply.status(429).send({ message: 'slow down' }));
      app.post('/odd/pay', () => ({ hello: 'world' }));
      app.post('/refused/pay', (_request, reply) =>
        reply.status(401).send({ code: '087', response_description: 'INVALID CREDENTIALS' }),
      );
      app.get('/odd/service-variations', () => ({ response_description: '000', content: 'none' }));
    });
  });
  afterAll(async () => {
    await vendor.close();
  });

  const request = (provider: BillsProvider) => airtime(provider, NUMBERS.success);

  it.each([
    ['timeoutMs', { timeoutMs: 200 }],
    ['connectTimeoutMs', { connectTimeoutMs: 200 }],
  ])('gives up on a server that never answers after %s', async (_name, limits) => {
    const provider = createVtpassProvider({ baseUrl: vendor.hangingUrl, ...KEYS, ...limits });
    const started = Date.now();
    await expect(provider.requery('202601010000abcdefghij')).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each([
    ['a 5xx', 'down'],
    ['a 429', 'busy'],
  ])('treats %s as unavailable', async (_name, path) => {
    const provider = createVtpassProvider({ baseUrl: `${vendor.answeringUrl}/${path}`, ...KEYS });
    await expect(provider.purchase(request(provider))).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('reads JSON in an unexpected shape as pending, and a 4xx envelope by its code', async () => {
    const odd = createVtpassProvider({ baseUrl: `${vendor.answeringUrl}/odd`, ...KEYS });
    expect(await odd.purchase(request(odd))).toMatchObject({ status: 'pending', code: null });
    await expect(odd.listVariations('mtn-data')).rejects.toThrow(/unexpected shape/);
    const refused = createVtpassProvider({ baseUrl: `${vendor.answeringUrl}/refused`, ...KEYS });
    expect(await refused.purchase(request(refused))).toMatchObject({ status: 'failed', code: '087' });
  });

  it('treats a refused connection as unavailable', async () => {
    const provider = createVtpassProvider({ baseUrl: vendor.refusingUrl, ...KEYS });
    await expect(provider.purchase(request(provider))).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
