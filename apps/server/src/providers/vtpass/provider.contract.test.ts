import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLagosMinuteStamp } from '@quickvend/shared/format';
import { ProviderUnavailableError, type BillsProvider } from '../../modules/purchases/purchases.port.ts';
import { startMisbehavingVendor, type MisbehavingVendor } from '../../../test/helpers/net.ts';
import { KEYS, NUMBERS, airtime, otherNumber, startSimulator, type Keys } from './contract.helpers.ts';
import { createVtpassProvider } from './vtpass.adapter.ts';

type Target = { baseUrl: string; keys: Keys; isSimulator: boolean; close: () => Promise<void> };

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
      expect(await provider.requery(provider.newRequestId(new Date()))).toMatchObject({ status: 'unknown' });
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
