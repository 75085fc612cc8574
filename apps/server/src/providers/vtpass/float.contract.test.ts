import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../../modules/purchases/purchases.port.ts';
import { startMisbehavingVendor, type MisbehavingVendor } from '../../../test/helpers/net.ts';
import { KEYS, PREFIX, startSimulator, type Keys, type RunningSimulator } from './contract.helpers.ts';
import { createVtpassProvider } from './vtpass.adapter.ts';

describe('the float (GET /balance) against the simulator', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator('http://127.0.0.1:9/webhooks/vtpass');
  });
  afterAll(async () => {
    await sim.app.close();
  });

  it('reads the merchant float in kobo, as set by the test control and by the sandbox hook', async () => {
    const provider = createVtpassProvider({ baseUrl: sim.baseUrl, ...KEYS });
    expect(await provider.balance()).toBe(await sim.simulator.floatKobo());
    await sim.simulator.setFloatKobo(108_182);
    expect(await provider.balance()).toBe(108_182);

    const hook = await fetch(`${sim.origin}${PREFIX}/simulate/float`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ balance: '250000.50' }),
    });
    expect(await hook.json()).toEqual({ code: 1, contents: { balance: 250_000.5 } });
    expect(await provider.balance()).toBe(25_000_050);
    const refused = await fetch(`${sim.origin}${PREFIX}/simulate/float`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ balance: '-5' }),
    });
    expect(refused.status).toBe(400);
    expect(await provider.balance()).toBe(25_000_050);
  });

  it('refuses wrong keys as unavailable, never as a zero balance', async () => {
    const wrong = createVtpassProvider({ baseUrl: sim.baseUrl, ...KEYS, publicKey: 'PK_wrong' });
    await expect(wrong.balance()).rejects.toThrow(/087 INVALID CREDENTIALS/);
  });
});

describe('the float when VTpass misbehaves', () => {
  let vendor: MisbehavingVendor;
  const answers: unknown[] = [];
  beforeAll(async () => {
    vendor = await startMisbehavingVendor((app) => {
      app.get('/api/balance', () => answers.shift());
    });
  });
  afterAll(async () => {
    await vendor.close();
  });
  const at = (baseUrl: string, timeoutMs = 2_000) =>
    createVtpassProvider({ baseUrl, ...KEYS, timeoutMs, connectTimeoutMs: timeoutMs });

  it.each([
    ['a string balance', { code: '1', contents: { balance: '1,081.82' } }, 108_182],
    ['three decimals, rounded half up', { code: 1, contents: { balance: 1081.825 } }, 108_183],
    ['an empty wallet', { code: 1, contents: { balance: 0 } }, 0],
  ])('reads %s', async (_label, body, expected) => {
    answers.push(body);
    expect(await at(`${vendor.answeringUrl}/api`).balance()).toBe(expected);
  });

  it.each([
    ['no balance', { code: 1, contents: {} }],
    ['an unreadable balance', { code: 1, contents: { balance: 'lots' } }],
    ['a negative balance', { code: 1, contents: { balance: -20 } }],
  ])('throws ProviderUnavailableError on %s', async (_label, body) => {
    answers.push(body);
    await expect(at(`${vendor.answeringUrl}/api`).balance()).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('throws ProviderUnavailableError when VTpass hangs or refuses the connection', async () => {
    await expect(at(vendor.hangingUrl, 200).balance()).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(at(vendor.refusingUrl).balance()).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

const live = {
  baseUrl: process.env.VTPASS_CONTRACT_BASE_URL,
  apiKey: process.env.VTPASS_CONTRACT_API_KEY,
  publicKey: process.env.VTPASS_CONTRACT_PUBLIC_KEY,
  secretKey: process.env.VTPASS_CONTRACT_SECRET_KEY,
};
if (live.baseUrl && live.apiKey && live.publicKey && live.secretKey) {
  const { baseUrl, apiKey, publicKey, secretKey } = live;
  const keys: Keys = { apiKey, publicKey, secretKey };
  describe(`the float against ${baseUrl}`, () => {
    it('reads the sandbox wallet balance in kobo', async () => {
      const balance = await createVtpassProvider({ baseUrl, ...keys }).balance();
      expect(Number.isSafeInteger(balance) && balance >= 0).toBe(true);
    });
  });
}
