import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { customerVerifications } from '../../../src/db/schema.ts';
import { createTestApp, errorOf, signUp, waitForMail, type TestApp } from '../../helpers/app.ts';
import {
  billHelpers,
  JAMB_PROFILE,
  PHONE,
  POSTPAID_METER,
  PREPAID_METER,
  SMARTCARD,
} from '../../helpers/bills.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, resolvePending, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';

describeEachDatabase('bill payments: electricity, exam PINs, requeries and partners', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { verifyPerMinute: 6 });
  });
  afterAll(async () => {
    await t.close();
  });

  const { balanceOf, sound, verify, variationsOf, purchaseOf, staleVariation } = billHelpers(() => t);

  describe('electricity', () => {
    it('vends a prepaid token with units after the meter check, less 1%, and mails it', async () => {
      const { client, userId, email } = await fundedCustomer(t, 10_000);
      await verify(client, { serviceId: 'ikeja-electric', billersCode: PREPAID_METER, type: 'prepaid' });
      const { purchase } = await buy(client, {
        serviceId: 'ikeja-electric',
        phone: PHONE,
        billersCode: PREPAID_METER,
        type: 'prepaid',
        amount: '2000',
      });
      expect(purchase).toMatchObject({
        status: 'delivered',
        kind: 'electricity',
        variationCode: 'prepaid',
        customerName: 'TESTMETER1',
        amountKobo: 200_000,
        chargedKobo: 198_000,
      });
      expect(purchase?.token).toMatch(/^\d{20}$/);
      expect(purchase?.units).toMatch(/kWh$/);
      expect(purchase?.receiptLines).toContainEqual({ label: 'Address', value: 'ABULE - ABULE' });
      expect(await balanceOf(userId)).toBe(1_000_000 - 198_000);
      // the token stays in the history for good
      const history = (await client.get('/api/v1/purchases')).json<{ purchases: Purchase[] }>().purchases;
      expect(history[0]?.token).toBe(purchase?.token);
      const mail = await waitForMail(t.app, email, /token/);
      expect(mail.subject).toBe('Your Ikeja Electricity token from QuickVend');
      expect(mail.text).toContain(`Token: ${purchase?.token?.replace(/(\d{4})(?=\d)/g, '$1 ')}`);
      await sound();
    });

    it.each(['eko-electric', 'kano-electric', 'jos-electric'])(
      'reads the token %s writes in its own fields',
      async (serviceId) => {
        const { client } = await fundedCustomer(t, 10_000);
        const { purchase } = await buy(client, {
          serviceId,
          phone: PHONE,
          billersCode: PREPAID_METER,
          type: 'prepaid',
          amount: '1500',
        });
        expect(purchase?.status).toBe('delivered');
        expect(purchase?.token).toMatch(/^\d{20}$/);
        expect(purchase?.units).toBeTruthy();
      },
    );

    it('pays a postpaid bill and keeps the receipt the distributor sends', async () => {
      const { client } = await fundedCustomer(t, 10_000);
      const { purchase } = await buy(client, {
        serviceId: 'abuja-electric',
        phone: PHONE,
        billersCode: POSTPAID_METER,
        type: 'postpaid',
        amount: '5000',
      });
      expect(purchase).toMatchObject({ status: 'delivered', token: null, customerName: 'TESTMETER2' });
      expect(purchase?.receiptLines.map((line) => line.label)).toEqual(
        expect.arrayContaining(['Customer', 'Address', 'Meter number', 'Distributor', 'Reference']),
      );
    });

    it('refuses amounts below the meter minimum and meters with letters, moving no money', async () => {
      const { client, userId } = await fundedCustomer(t, 10_000);
      const low = await buy(client, {
        serviceId: 'ikeja-electric',
        phone: PHONE,
        billersCode: PREPAID_METER,
        type: 'prepaid',
        amount: '499.99',
      });
      expect(errorOf(low.response).message).toBe('The minimum amount is ₦500.00.');
      const letters = await buy(client, {
        serviceId: 'ikeja-electric',
        phone: PHONE,
        billersCode: '11111A1111111',
        type: 'prepaid',
        amount: '1000',
      });
      expect(errorOf(letters.response).message).toBe(messages.bills.meterDigitsOnly);
      const untyped = await buy(client, {
        serviceId: 'ikeja-electric',
        phone: PHONE,
        billersCode: PREPAID_METER,
        amount: '1000',
      });
      expect(errorOf(untyped.response).message).toBe(messages.purchase.allFieldsRequired);
      expect(await balanceOf(userId)).toBe(1_000_000);
    });

    it('keeps a token to 201000000000 pending, then delivers it with its token after a requery', async () => {
      const { client } = await fundedCustomer(t, 10_000);
      const { purchase } = await buy(client, {
        serviceId: 'ikeja-electric',
        phone: PHONE,
        billersCode: '201000000000',
        type: 'prepaid',
        amount: '1000',
      });
      expect(purchase?.status).toBe('pending');
      await resolvePending(t, purchase);
      await vi.waitFor(
        async () => {
          expect((await purchaseOf(client, purchase?.requestId ?? '')).status).toBe('delivered');
        },
        { timeout: 20_000, interval: 200 },
      );
      expect((await purchaseOf(client, purchase?.requestId ?? '')).token).toMatch(/^\d{20}$/);
      await sound();
    });

    it('refunds at once when the distributor refuses a meter that verified earlier', async () => {
      const { client, userId } = await fundedCustomer(t, 10_000);
      await t.container.db.insert(customerVerifications).values({
        id: `ver_${randomUUID()}`,
        userId,
        serviceId: 'ikeja-electric',
        billersCode: '2222222222222',
        type: 'prepaid',
        customerName: 'OLD METER',
        details: { customerName: 'OLD METER', canVend: true },
      });
      const { purchase } = await buy(client, {
        serviceId: 'ikeja-electric',
        phone: PHONE,
        billersCode: '2222222222222',
        type: 'prepaid',
        amount: '1000',
      });
      expect(purchase).toMatchObject({ status: 'failed', customerName: 'OLD METER' });
      expect(await balanceOf(userId)).toBe(1_000_000);
      await sound();
    });
  });

  describe('exam PINs', () => {
    it('sells WAEC result checker PINs by quantity at the live price, with no discount', async () => {
      const { client, userId } = await fundedCustomer(t, 20_000);
      const [plan] = await variationsOf(client, 'waec');
      expect(plan?.code).toBe('waecdirect');
      const { purchase } = await buy(client, {
        serviceId: 'waec',
        phone: '08011111111',
        variationCode: plan?.code ?? '',
        quantity: 3,
      });
      expect(purchase).toMatchObject({
        status: 'delivered',
        quantity: 3,
        amountKobo: 3 * (plan?.amountKobo ?? 0),
      });
      expect(purchase?.chargedKobo).toBe(purchase?.amountKobo);
      expect(purchase?.pins).toHaveLength(3);
      expect(purchase?.pins?.[0]?.serial).toMatch(/^WRN\d{9}$/);
      expect(purchase?.pins?.[0]?.pin).toMatch(/^\d{12}$/);
      expect(await balanceOf(userId)).toBe(2_000_000 - (purchase?.chargedKobo ?? 0));
      await sound();
    });

    it('sells WAEC registration and JAMB PINs (the candidate verified)', async () => {
      const { client } = await fundedCustomer(t, 50_000);
      const [registration] = await variationsOf(client, 'waec-registration');
      const waec = await buy(client, {
        serviceId: 'waec-registration',
        phone: '08011111111',
        variationCode: registration?.code ?? '',
      });
      expect(waec.purchase?.pins).toHaveLength(1);
      expect(waec.purchase?.pins?.[0]?.serial).toBeNull();
      expect(waec.purchase?.pins?.[0]?.pin).toMatch(/^\d{19}$/);
      const [utme] = await variationsOf(client, 'jamb');
      const jamb = await buy(client, {
        serviceId: 'jamb',
        phone: PHONE,
        billersCode: JAMB_PROFILE,
        variationCode: utme?.code ?? '',
      });
      expect(jamb.purchase).toMatchObject({ status: 'delivered', customerName: 'Mr Testing Test' });
      expect(jamb.purchase?.pins?.[0]?.pin).toMatch(/^\d{16}$/);
      const unknown = await buy(client, {
        serviceId: 'jamb',
        phone: PHONE,
        billersCode: '9999999999',
        variationCode: utme?.code ?? '',
      });
      expect(errorOf(unknown.response).code).toBe('CUSTOMER_NOT_VERIFIED');
    });

    it('refuses more than 10 PINs at once and refunds a plan the provider withdrew', async () => {
      const { client, userId } = await fundedCustomer(t, 20_000);
      const tooMany = await buy(client, {
        serviceId: 'waec',
        phone: PHONE,
        variationCode: 'waecdirect',
        quantity: 11,
      });
      expect(tooMany.response.statusCode).toBe(400);
      await staleVariation('waec', 'waec-withdrawn', 100_000);
      const { purchase } = await buy(client, {
        serviceId: 'waec',
        phone: PHONE,
        variationCode: 'waec-withdrawn',
      });
      expect(purchase?.status).toBe('failed');
      expect(await balanceOf(userId)).toBe(2_000_000);
      await sound();
    });

    it('mails the PINs to the owner on delivery and again on request, and to nobody else', async () => {
      const { client, email } = await fundedCustomer(t, 20_000);
      const { purchase } = await buy(client, {
        serviceId: 'waec',
        phone: '08011111111',
        variationCode: 'waecdirect',
      });
      const pin = purchase?.pins?.[0]?.pin ?? 'missing';
      const delivered = await waitForMail(t.app, email, /PIN from/);
      expect(delivered.subject).toBe('Your WAEC Result Checker PIN from QuickVend');
      expect(delivered.text).toContain(pin);
      const sent = await client.post(`/api/v1/purchases/${purchase?.requestId}/email`, {});
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ sentTo: email });
      await vi.waitFor(async () => {
        const { messages: mails } = (await t.app.inject({ url: '/sandbox/mailbox/messages' })).json<{
          messages: { to: string; text: string }[];
        }>();
        expect(mails.filter((mail) => mail.to === email && mail.text.includes(pin))).toHaveLength(2);
      });
      const stranger = await signUp(t.app);
      const refused = await stranger.client.post(`/api/v1/purchases/${purchase?.requestId}/email`, {});
      expect(refused.statusCode).toBe(404);
    });

    it('has nothing to mail for a purchase without a token or PINs', async () => {
      const { client } = await fundedCustomer(t, 10_000);
      const { purchase } = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '100' });
      const refused = await client.post(`/api/v1/purchases/${purchase?.requestId}/email`, {});
      expect(refused.statusCode).toBe(409);
    });
  });

  it.each([
    ['GOtv', { serviceId: 'gotv', billersCode: '201000000000', variationCode: 'gotv-max', phone: PHONE }],
    [
      'StarTimes',
      { serviceId: 'startimes', billersCode: '201000000000', variationCode: 'nova', phone: PHONE },
    ],
    ['Showmax', { serviceId: 'showmax', variationCode: 'full_1', phone: '201000000000' }],
    [
      'a postpaid bill',
      {
        serviceId: 'eko-electric',
        billersCode: '201000000000',
        type: 'postpaid',
        amount: '1000',
        phone: PHONE,
      },
    ],
    ['WAEC PINs', { serviceId: 'waec', variationCode: 'waecdirect', quantity: 2, phone: '201000000000' }],
    [
      'a JAMB PIN',
      { serviceId: 'jamb', billersCode: '201000000000', variationCode: 'utme-mock', phone: PHONE },
    ],
  ] as const)('keeps %s pending until a requery confirms it, charging once', async (_name, body) => {
    const { client, userId } = await fundedCustomer(t, 50_000);
    const { purchase } = await buy(client, body);
    expect(purchase?.status).toBe('pending');
    const charged = purchase?.chargedKobo ?? 0;
    expect(charged).toBeGreaterThan(0);
    expect(await balanceOf(userId)).toBe(5_000_000 - charged);
    await resolvePending(t, purchase);
    await vi.waitFor(
      async () => {
        expect((await purchaseOf(client, purchase?.requestId ?? '')).status).toBe('delivered');
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await balanceOf(userId)).toBe(5_000_000 - charged);
    await sound();
  });

  it.each([
    ['GOtv', 'gotv', { billersCode: SMARTCARD, phone: PHONE }],
    ['StarTimes', 'startimes', { billersCode: SMARTCARD, phone: PHONE }],
    ['Showmax', 'showmax', { phone: '08011111111' }],
    ['JAMB', 'jamb', { billersCode: JAMB_PROFILE, phone: PHONE }],
  ] as const)('refunds %s at once when the provider refuses the plan', async (_name, serviceId, fields) => {
    const { client, userId } = await fundedCustomer(t, 50_000);
    await staleVariation(serviceId, `${serviceId}-withdrawn`, 300_000);
    const { purchase } = await buy(client, { serviceId, variationCode: `${serviceId}-withdrawn`, ...fields });
    expect(purchase?.status).toBe('failed');
    expect(await balanceOf(userId)).toBe(5_000_000);
    await sound();
  });

  it('gives partners the token and PINs through the API', async () => {
    const { client, password } = await fundedCustomer(t, 20_000);
    await turnOnPartnerAccess(client);
    const key = (await client.post('/api/v1/api-keys', { name: 'shop', password, pin: TEST_PIN })).json<{
      key: string;
    }>().key;
    const partner = (url: string, payload?: unknown) =>
      t.app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: { authorization: `Bearer ${key}` },
        ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
      });
    const requestId = `shop-${randomUUID()}`;
    const created = await partner('/api/v1/purchases', {
      requestId,
      serviceId: 'ibadan-electric',
      phone: PHONE,
      billersCode: PREPAID_METER,
      type: 'prepaid',
      amount: 1000,
    });
    expect(created.statusCode).toBe(201);
    const fetched = (await partner(`/api/v1/purchases/${requestId}`)).json<{ purchase: Purchase }>().purchase;
    expect(fetched.token).toMatch(/^\d{20}$/);
    expect(fetched.chargedKobo).toBe(99_000);
    const pins = await partner('/api/v1/purchases', {
      requestId: `shop-${randomUUID()}`,
      serviceId: 'waec',
      phone: '08011111111',
      variationCode: 'waecdirect',
      quantity: 2,
    });
    expect(pins.json<{ purchase: Purchase }>().purchase.pins).toHaveLength(2);
  });
});
