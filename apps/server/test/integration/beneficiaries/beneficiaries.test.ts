import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BeneficiariesResponse, Beneficiary } from '@quickvend/shared/api/beneficiaries';
import { BENEFICIARY_LIMIT, beneficiaryTexts } from '@quickvend/shared/beneficiaries';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

const SUCCESS_PHONE = '08011111111';
const PREPAID_METER = '1111111111111';
const POSTPAID_METER = '1010101010101';
const SMARTCARD = '1212121212';

describeEachDatabase('saved numbers: kept by the customer', (kind) => {
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

  it('saves, lists, renames, edits and deletes a customer’s numbers', async () => {
    const { client } = await signUp(t.app);
    expect(await listOf(client)).toEqual([]);

    const mum = await save(client, {
      kind: 'phone',
      number: '+234 803 123 4567',
      label: '  Mum ',
      serviceId: 'mtn',
    });
    expect(mum.statusCode, mum.body).toBe(201);
    expect(savedOf(mum)).toMatchObject({
      kind: 'phone',
      number: '08031234567',
      label: 'Mum',
      serviceId: 'mtn',
      customerName: null,
      lastUsedAt: null,
    });
    const card = await save(client, { kind: 'smartcard', number: '1212 121 212', label: 'Home DSTV' });
    expect(card.statusCode, card.body).toBe(201);
    expect(savedOf(card)).toMatchObject({ number: SMARTCARD, serviceId: null });

    // the newest first; a kind alone when asked
    expect((await listOf(client)).map((saved) => saved.label)).toEqual(['Home DSTV', 'Mum']);
    expect((await listOf(client, '?kind=phone')).map((saved) => saved.label)).toEqual(['Mum']);

    // saving the same number again names it anew instead of keeping two
    const again = await save(client, { kind: 'phone', number: '08031234567', label: 'Mummy' });
    expect(again.statusCode).toBe(200);
    expect(savedOf(again)).toMatchObject({ id: savedOf(mum).id, label: 'Mummy', serviceId: 'mtn' });
    expect(await listOf(client, '?kind=phone')).toHaveLength(1);

    const id = savedOf(mum).id;
    const renamed = await client.put(`/api/v1/beneficiaries/${id}`, { label: 'Mama' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(savedOf(renamed)).toMatchObject({ label: 'Mama', number: '08031234567' });
    const moved = await client.put(`/api/v1/beneficiaries/${id}`, {
      label: 'Mama',
      number: '0805 123 4567',
      serviceId: 'glo',
    });
    expect(savedOf(moved)).toMatchObject({ number: '08051234567', serviceId: 'glo' });

    const removed = await client.delete(`/api/v1/beneficiaries/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(savedOf(removed).label).toBe('Mama');
    expect((await listOf(client)).map((saved) => saved.label)).toEqual(['Home DSTV']);
    const gone = await client.delete(`/api/v1/beneficiaries/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone)).toMatchObject({ code: 'NOT_FOUND', message: beneficiaryTexts.notFound });
  });

  it('checks the name and the number for its kind, and the service for the number', async () => {
    const { client } = await signUp(t.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'phone', number: '08031234567', label: '   ' }, 'label', beneficiaryTexts.labelRequired],
      [
        { kind: 'phone', number: '08031234567', label: 'x'.repeat(41) },
        'label',
        beneficiaryTexts.labelTooLong,
      ],
      [{ kind: 'phone', number: '0803123', label: 'Mum' }, 'number', beneficiaryTexts.invalidPhone],
      [{ kind: 'phone', number: '01031234567', label: 'Mum' }, 'number', beneficiaryTexts.invalidPhone],
      [{ kind: 'smartcard', number: '12345', label: 'TV' }, 'number', beneficiaryTexts.invalidSmartcard],
      [{ kind: 'meter', number: '1111-abc', label: 'Shop' }, 'number', beneficiaryTexts.invalidMeter],
      [{ kind: 'profile', number: '12', label: 'Tobi' }, 'number', beneficiaryTexts.invalidProfile],
      [
        { kind: 'meter', number: PREPAID_METER, label: 'Shop', serviceId: 'mtn' },
        'serviceId',
        beneficiaryTexts.wrongService,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await save(client, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        details: { fields: { [field]: message } },
      });
    }
    expect((await save(client, { kind: 'pet', number: '1', label: 'Rex' })).statusCode).toBe(400);
    expect(await listOf(client)).toEqual([]);

    const shop = savedOf(await save(client, { kind: 'meter', number: PREPAID_METER, label: 'Shop' }));
    const home = savedOf(await save(client, { kind: 'meter', number: '45700000001', label: 'Home' }));
    const clash = await client.put(`/api/v1/beneficiaries/${home.id}`, {
      label: 'Home',
      number: PREPAID_METER,
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash)).toMatchObject({
      code: 'CONFLICT',
      message: beneficiaryTexts.alreadySaved('Shop'),
    });
    const badEdit = await client.put(`/api/v1/beneficiaries/${shop.id}`, { label: '' });
    expect(badEdit.statusCode).toBe(400);
    expect((await listOf(client)).map((saved) => [saved.label, saved.number])).toEqual([
      ['Home', '45700000001'],
      ['Shop', PREPAID_METER],
    ]);
  });

  it('keeps a meter’s type: saved with it, kept when left out, changed or forgotten by an edit, and for meters only', async () => {
    const { client } = await signUp(t.app);
    const shop = await save(client, {
      kind: 'meter',
      number: POSTPAID_METER,
      label: 'Shop',
      serviceId: 'eko-electric',
      meterType: 'postpaid',
    });
    expect(shop.statusCode, shop.body).toBe(201);
    expect(savedOf(shop)).toMatchObject({ kind: 'meter', meterType: 'postpaid' });
    const home = savedOf(await save(client, { kind: 'meter', number: PREPAID_METER, label: 'Home' }));
    expect(home.meterType).toBeNull();
    const mum = savedOf(await save(client, { kind: 'phone', number: SUCCESS_PHONE, label: 'Mum' }));
    expect(mum.meterType).toBeNull();

    // saved again without a type (or with null), the type stays
    expect(
      savedOf(await save(client, { kind: 'meter', number: POSTPAID_METER, label: 'Shop 2' })),
    ).toMatchObject({ label: 'Shop 2', meterType: 'postpaid' });
    expect(
      savedOf(await save(client, { kind: 'meter', number: POSTPAID_METER, label: 'Shop', meterType: null })),
    ).toMatchObject({ meterType: 'postpaid' });
    // a type saved for a meter that had none
    expect(
      savedOf(
        await save(client, { kind: 'meter', number: PREPAID_METER, label: 'Home', meterType: 'prepaid' }),
      ),
    ).toMatchObject({ id: home.id, meterType: 'prepaid' });

    const edited = await client.put(`/api/v1/beneficiaries/${home.id}`, {
      label: 'Home',
      meterType: 'postpaid',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(savedOf(edited).meterType).toBe('postpaid');
    const renamed = await client.put(`/api/v1/beneficiaries/${home.id}`, { label: 'House' });
    expect(savedOf(renamed)).toMatchObject({ label: 'House', meterType: 'postpaid' });
    const forgotten = await client.put(`/api/v1/beneficiaries/${home.id}`, {
      label: 'House',
      meterType: null,
    });
    expect(savedOf(forgotten).meterType).toBeNull();

    const refusals: [Promise<LightMyRequestResponse>, string][] = [
      [
        save(client, { kind: 'meter', number: '45700000001', label: 'Office', meterType: 'smart' }),
        beneficiaryTexts.invalidMeterType,
      ],
      [
        save(client, { kind: 'phone', number: '08031234567', label: 'Dad', meterType: 'prepaid' }),
        beneficiaryTexts.meterTypeOfMeter,
      ],
      [
        client.put(`/api/v1/beneficiaries/${mum.id}`, { label: 'Mum', meterType: 'postpaid' }),
        beneficiaryTexts.meterTypeOfMeter,
      ],
      [
        client.put(`/api/v1/beneficiaries/${home.id}`, { label: 'House', meterType: 'PREPAID' }),
        beneficiaryTexts.invalidMeterType,
      ],
    ];
    for (const [sent, message] of refusals) {
      const response = await sent;
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        details: { fields: { meterType: message } },
      });
    }
    expect((await listOf(client)).map((saved) => [saved.label, saved.kind, saved.meterType]).sort()).toEqual([
      ['House', 'meter', null],
      ['Mum', 'phone', null],
      ['Shop', 'meter', 'postpaid'],
    ]);
  });

  it('keeps each customer’s numbers to themselves: another customer’s id is not found, to read, edit or delete', async () => {
    const ada = await signUp(t.app);
    const bola = await signUp(t.app);
    const adas = savedOf(await save(ada.client, { kind: 'meter', number: PREPAID_METER, label: 'Ada shop' }));
    await save(bola.client, { kind: 'meter', number: PREPAID_METER, label: 'Bola home' });

    expect((await listOf(bola.client)).map((saved) => saved.label)).toEqual(['Bola home']);
    const edit = await bola.client.put(`/api/v1/beneficiaries/${adas.id}`, { label: 'Mine now' });
    expect(edit.statusCode).toBe(404);
    expect(errorOf(edit).code).toBe('NOT_FOUND');
    const remove = await bola.client.delete(`/api/v1/beneficiaries/${adas.id}`);
    expect(remove.statusCode).toBe(404);
    expect(errorOf(remove).code).toBe('NOT_FOUND');
    expect(await listOf(ada.client)).toEqual([adas]);
  });

  it(`keeps at most ${String(BENEFICIARY_LIMIT)} numbers, says so clearly, and still renames the ones kept`, async () => {
    const { client } = await fundedCustomer(t, 5_000);
    const shop = await save(client, { kind: 'meter', number: PREPAID_METER, label: 'Shop' });
    expect(shop.statusCode).toBe(201);
    for (let i = 1; i < BENEFICIARY_LIMIT; i++) {
      const number = `4570000${String(i).padStart(4, '0')}`;
      const response = await save(client, { kind: 'meter', number, label: `Meter ${String(i)}` });
      expect(response.statusCode, response.body).toBe(201);
    }
    const over = await save(client, { kind: 'phone', number: '08031234567', label: 'One more' });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toMatchObject({ code: 'CONFLICT', message: beneficiaryTexts.limitReached });
    const rename = await save(client, { kind: 'meter', number: '45700000007', label: 'Office' });
    expect(rename.statusCode).toBe(200);

    // a full list is not pruned for the customer: a new number bought for is not added, a kept one is marked used
    expect(
      (await buy(client, { serviceId: 'mtn', phone: SUCCESS_PHONE, amount: '100' })).purchase?.status,
    ).toBe('delivered');
    await buyElectricity(client);
    await eventually(client, (list) => list[0]?.label === 'Shop' && list[0].lastUsedAt !== null);
    const list = await listOf(client);
    expect(list).toHaveLength(BENEFICIARY_LIMIT);
    expect(list.filter((saved) => saved.kind === 'phone')).toEqual([]);
  });
});
