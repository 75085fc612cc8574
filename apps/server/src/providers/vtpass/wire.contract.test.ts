import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseNaira } from '@quickvend/shared/money';
import type { BillsProvider } from '../../modules/purchases/purchases.port.ts';
import type { VtpassSimulator } from '../simulators/vtpass/vtpass-simulator.ts';
import { KEYS, startSimulatorWithCallbacks, type RunningSimulator } from './contract.helpers.ts';
import { createVtpassClient } from './vtpass.client.ts';
import { createVtpassProvider } from './vtpass.adapter.ts';

describe('VTpass simulator: the wire protocol', () => {
  let sim: RunningSimulator;
  let simulator: VtpassSimulator;
  let provider: BillsProvider;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ sim, simulator, provider, close } = await startSimulatorWithCallbacks());
  });
  afterEach(async () => {
    await simulator.flush();
  });
  afterAll(async () => {
    await close();
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
    expect(parseNaira(balance)).toBe(await simulator.floatKobo());
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
