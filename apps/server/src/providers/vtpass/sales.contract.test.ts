import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { formatLagosMinuteStamp } from '@quickvend/shared/format';
import {
  ProviderUnavailableError,
  type BillsProvider,
  type PurchaseRequest,
} from '../../modules/purchases/purchases.port.ts';
import type { VtpassSimulator } from '../simulators/vtpass/vtpass-simulator.ts';
import {
  KEYS,
  NUMBERS,
  airtime,
  manualTimers,
  otherNumber,
  startSimulator,
  startSimulatorWithCallbacks,
  type CallbackReceiver,
  type RunningSimulator,
} from './contract.helpers.ts';
import { createVtpassProvider } from './vtpass.adapter.ts';

describe('VTpass simulator: sandbox scenarios, refusals, float and products', () => {
  let receiver: CallbackReceiver;
  let sim: RunningSimulator;
  let simulator: VtpassSimulator;
  let provider: BillsProvider;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ receiver, sim, simulator, provider, close } = await startSimulatorWithCallbacks());
  });
  afterEach(async () => {
    await simulator.flush();
  });
  afterAll(async () => {
    await close();
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
      async () => {
        expect(await closing.simulator.floatKobo()).toBeLessThan(100_000_000_00);
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
    expect(await provider.requery(repeat.requestId)).toMatchObject({ status: 'unknown' });
  });

  it('debits the float by total_amount on delivery and never on failure', async () => {
    const before = await simulator.floatKobo();
    await provider.purchase(
      airtime(provider, otherNumber(), { serviceId: 'airtel', amountKobo: kobo(20_000) }),
    );
    expect(await simulator.floatKobo()).toBe(before);
    const outcome = await provider.purchase({
      requestId: provider.newRequestId(new Date()),
      serviceId: 'mtn-data',
      phone: NUMBERS.success,
      billersCode: NUMBERS.success,
      variationCode: 'mtn-1gb-275',
    });
    // 2% commission on ₦275.00
    expect(outcome).toMatchObject({ status: 'delivered', costKobo: 26_950 });
    expect(await simulator.floatKobo()).toBe(before - 26_950);
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
    expect(await poor.simulator.floatKobo()).toBe(5_000);
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
});
