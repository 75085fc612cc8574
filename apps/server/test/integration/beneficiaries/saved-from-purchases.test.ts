import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BeneficiariesResponse, Beneficiary } from '@quickvend/shared/api/beneficiaries';
import { createTestApp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, resolvePending, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';

const SUCCESS_PHONE = '08011111111';
const PREPAID_METER = '1111111111111';
const POSTPAID_METER = '1010101010101';
const SMARTCARD = '1212121212';
const PENDING_NUMBER = '201000000000';

describeEachDatabase('saved numbers: saved from purchases', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // the sandbox refuses the same sale twice in 30 s; these tests buy for one number more than once
    t = await createTestApp(kind, { simulators: { duplicateWindowMs: 0 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const listOf = async (client: TestClient, query = '') => {
    const response = await client.get(`/api/v1/beneficiaries${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BeneficiariesResponse>().beneficiaries;
  };
  const save = (client: TestClient, body: Record<string, unknown>) =>
    client.post('/api/v1/beneficiaries', body);
  const savedOf = (response: LightMyRequestResponse) =>
    response.json<{ beneficiary: Beneficiary }>().beneficiary;
  /** the automatic save runs once the purchase has committed, beside the answer: wait for it */
  const eventually = (client: TestClient, test: (list: Beneficiary[]) => boolean) =>
    expect.poll(async () => test(await listOf(client)), { timeout: 5_000 }).toBe(true);
  const buyElectricity = (client: TestClient, serviceId = 'ikeja-electric') =>
    buy(client, {
      serviceId,
      billersCode: PREPAID_METER,
      type: 'prepaid',
      phone: SUCCESS_PHONE,
      amount: '1000',
    });

  it('saves the number of a delivered purchase with the verified name or the network, most recently used first', async () => {
    const { client } = await fundedCustomer(t, 10_000);
    const meter = await buyElectricity(client);
    expect(meter.purchase?.status).toBe('delivered');
    await eventually(client, (list) => list.some((saved) => saved.kind === 'meter'));
    expect(await listOf(client)).toEqual([
      expect.objectContaining({
        kind: 'meter',
        number: PREPAID_METER,
        label: 'TESTMETER1',
        customerName: 'TESTMETER1',
        serviceId: 'ikeja-electric',
        lastUsedAt: meter.purchase?.createdAt,
      }),
    ]);

    const airtime = await buy(client, { serviceId: 'mtn', phone: '0801 111 1111', amount: '100' });
    expect(airtime.purchase?.status).toBe('delivered');
    const tv = await buy(client, {
      serviceId: 'dstv',
      billersCode: SMARTCARD,
      phone: SUCCESS_PHONE,
      variationCode: 'dstv-padi',
    });
    expect(tv.purchase?.status).toBe('delivered');
    await eventually(client, (list) => list.length === 3);
    expect((await listOf(client)).map((saved) => [saved.kind, saved.label, saved.serviceId])).toEqual([
      ['smartcard', 'TEST METHOD', 'dstv'],
      ['phone', 'MTN 0801 111 1111', 'mtn'],
      ['meter', 'TESTMETER1', 'ikeja-electric'],
    ]);

    // bought again: the meter is the most recently used, still one entry
    const second = await buyElectricity(client);
    await eventually(client, (list) => list[0]?.kind === 'meter');
    const [first] = await listOf(client);
    expect(first).toMatchObject({ label: 'TESTMETER1', lastUsedAt: second.purchase?.createdAt });
    expect(await listOf(client)).toHaveLength(3);
  });

  it('saves a meter bought for with the type it was bought as, and gives a type to a meter saved without one', async () => {
    const { client } = await fundedCustomer(t, 10_000);
    const home = savedOf(await save(client, { kind: 'meter', number: PREPAID_METER, label: 'Home' }));
    expect(home.meterType).toBeNull();
    const postpaid = await buy(client, {
      serviceId: 'eko-electric',
      billersCode: POSTPAID_METER,
      type: 'postpaid',
      phone: SUCCESS_PHONE,
      amount: '1000',
    });
    expect(postpaid.purchase?.status).toBe('delivered');
    await buyElectricity(client, 'eko-electric');
    await eventually(client, (list) => list.length === 2 && list.every((saved) => saved.lastUsedAt !== null));
    expect((await listOf(client)).map((saved) => [saved.number, saved.label, saved.meterType])).toEqual([
      [PREPAID_METER, 'Home', 'prepaid'],
      [POSTPAID_METER, 'TESTMETER2', 'postpaid'],
    ]);
  });

  it('never changes a name the customer chose, before or after a purchase, and follows the network on an automatic name', async () => {
    const { client } = await fundedCustomer(t, 10_000);
    await buyElectricity(client, 'eko-electric');
    await eventually(client, (list) => list.length === 1);
    const [auto] = await listOf(client);
    expect(auto?.label).toBe('TESTMETER1');
    await client.put(`/api/v1/beneficiaries/${auto?.id ?? ''}`, { label: 'Shop meter' });

    await save(client, { kind: 'phone', number: SUCCESS_PHONE, label: 'Mum' });
    const later = await buyElectricity(client, 'eko-electric');
    await buy(client, { serviceId: 'glo', phone: SUCCESS_PHONE, amount: '100' });
    await eventually(client, (list) =>
      list.every((saved) =>
        saved.kind === 'meter' ? saved.lastUsedAt === later.purchase?.createdAt : saved.lastUsedAt !== null,
      ),
    );
    expect((await listOf(client)).map((saved) => [saved.label, saved.serviceId, saved.customerName])).toEqual(
      [
        ['Mum', 'glo', null],
        ['Shop meter', 'eko-electric', 'TESTMETER1'],
      ],
    );

    // an automatic name follows the network the number was last bought on
    const { client: other } = await fundedCustomer(t, 1_000);
    await buy(other, { serviceId: 'mtn', phone: SUCCESS_PHONE, amount: '100' });
    await eventually(other, (list) => list[0]?.label === 'MTN 0801 111 1111');
    await buy(other, { serviceId: 'airtel-data', phone: SUCCESS_PHONE, variationCode: 'airtel-500mb-150' });
    await eventually(other, (list) => list[0]?.label === 'Airtel 0801 111 1111');
  });

  it('saves nothing for a failed (refunded) or pending purchase, until the pending one is delivered', async () => {
    const { client } = await fundedCustomer(t, 10_000);
    const failed = await buy(client, { serviceId: 'mtn', phone: '08031234567', amount: '100' });
    expect(failed.purchase?.status).toBe('failed');
    const pending = await buy(client, {
      serviceId: 'ikeja-electric',
      billersCode: PENDING_NUMBER,
      type: 'prepaid',
      phone: SUCCESS_PHONE,
      amount: '1000',
    });
    expect(pending.purchase?.status).toBe('pending');
    // a later delivered purchase is saved: by then the earlier outcomes have been heard too
    await buy(client, { serviceId: 'mtn', phone: SUCCESS_PHONE, amount: '100' });
    await eventually(client, (list) => list.length > 0);
    expect((await listOf(client)).map((saved) => saved.number)).toEqual([SUCCESS_PHONE]);

    await resolvePending(t, pending.purchase);
    await expect
      .poll(
        async () =>
          (await client.get(`/api/v1/purchases/${pending.purchase?.requestId ?? ''}`)).json<{
            purchase: { status: string };
          }>().purchase.status,
        { timeout: 10_000 },
      )
      .toBe('delivered');
    await eventually(client, (list) => list.some((saved) => saved.number === PENDING_NUMBER));
    expect((await listOf(client, '?kind=meter'))[0]).toMatchObject({ number: PENDING_NUMBER, kind: 'meter' });
  });

  it('leaves a partner’s API sales out of their own saved numbers', async () => {
    const partner = await fundedCustomer(t, 10_000);
    await turnOnPartnerAccess(partner.client);
    const created = await partner.client.post('/api/v1/api-keys', {
      name: 'shop',
      password: partner.password,
      pin: TEST_PIN,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = created.json<{ key: string }>();
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: {
        requestId: 'api-sale-1',
        serviceId: 'ikeja-electric',
        billersCode: PREPAID_METER,
        type: 'prepaid',
        phone: SUCCESS_PHONE,
        amount: '1000',
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json<{ purchase: { status: string } }>().purchase.status).toBe('delivered');
    await buy(partner.client, { serviceId: 'mtn', phone: SUCCESS_PHONE, amount: '100' });
    await eventually(partner.client, (list) => list.length > 0);
    expect((await listOf(partner.client)).map((saved) => saved.kind)).toEqual(['phone']);
  });

  it('is for signed-in customers only: a partner key cannot read or change saved numbers', async () => {
    const partner = await fundedCustomer(t, 0);
    await turnOnPartnerAccess(partner.client);
    const { key } = (
      await partner.client.post('/api/v1/api-keys', {
        name: 'shop',
        password: partner.password,
        pin: TEST_PIN,
      })
    ).json<{ key: string }>();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/beneficiaries',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
