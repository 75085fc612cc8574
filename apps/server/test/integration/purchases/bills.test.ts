import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Service, VerifyResponse } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { customerVerifications } from '../../../src/db/schema.ts';
import { createTestApp, errorOf, signUp, type TestApp } from '../../helpers/app.ts';
import {
  billHelpers,
  JAMB_PROFILE,
  PHONE,
  POSTPAID_METER,
  PREPAID_METER,
  SMARTCARD,
} from '../../helpers/bills.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, resolvePending } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';

describeEachDatabase('bill payments: verification and cable TV', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { verifyPerMinute: 6 });
  });
  afterAll(async () => {
    await t.close();
  });

  const { balanceOf, sound, verify, variationsOf, purchaseOf, staleVariation } = billHelpers(() => t);

  it('lists the bills with what must be verified and their discount', async () => {
    const { client } = await signUp(t.app);
    const services = (await client.get('/api/v1/services')).json<{ services: Service[] }>().services;
    const byId = new Map(services.map((s) => [s.id, s]));
    expect(byId.get('dstv')).toMatchObject({ kind: 'tv', verification: 'smartcard', discountBps: 100 });
    expect(byId.get('showmax')).toMatchObject({ kind: 'tv', verification: null, discountBps: 100 });
    expect(byId.get('ikeja-electric')).toMatchObject({
      kind: 'electricity',
      verification: 'meter',
      discountBps: 100,
      minimumKobo: 50_000,
    });
    expect(byId.get('yola-electric')?.discountBps).toBe(100);
    expect(byId.get('jamb')).toMatchObject({ kind: 'education', verification: 'profile', discountBps: 0 });
    expect(byId.get('mtn')?.discountBps).toBe(0);
    expect(services.filter((s) => s.kind === 'electricity')).toHaveLength(12);
  });

  describe('verification', () => {
    it('names the holder of a smartcard with its bouquet and renewal amount', async () => {
      const { client } = await signUp(t.app);
      const response = await verify(client, { serviceId: 'dstv', billersCode: SMARTCARD });
      expect(response.statusCode).toBe(200);
      expect(response.json<VerifyResponse>()).toMatchObject({
        customerName: 'TEST METHOD',
        status: 'ACTIVE',
        currentBouquet: 'DStv Compact N19,000',
        renewalAmountKobo: 1_900_000,
        renewalAmount: '19000.00',
      });
    });

    it('refuses an unknown smartcard with the provider reason and a 422', async () => {
      const { client } = await signUp(t.app);
      const response = await verify(client, { serviceId: 'gotv', billersCode: '1234567890' });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response)).toMatchObject({
        code: 'CUSTOMER_NOT_VERIFIED',
        message: 'Invalid Smartcard Number',
      });
    });

    it("refuses a smartcard of the wrong length in the spec's words, without asking VTpass or spending a check", async () => {
      const { client, userId } = await signUp(t.app);
      for (let i = 0; i < 7; i++) {
        const short = await verify(client, { serviceId: 'dstv', billersCode: '12345' });
        expect(short.statusCode).toBe(400);
        expect(errorOf(short)).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: messages.purchase.smartCardLength,
          details: { fields: { billersCode: messages.purchase.smartCardLength } },
        });
      }
      const gotv = await verify(client, { serviceId: 'gotv', billersCode: '12121212121' });
      expect(gotv.statusCode).toBe(400);
      expect(errorOf(gotv).message).toBe(messages.purchase.invalidSmartCard);
      const asked = await t.container.db
        .select()
        .from(customerVerifications)
        .where(eq(customerVerifications.userId, userId));
      expect(asked).toEqual([]);
      // an 11-digit DSTV card is one the provider is asked about
      const eleven = await verify(client, { serviceId: 'dstv', billersCode: '12121212121' });
      expect(eleven.statusCode).toBe(422);
      expect(errorOf(eleven).code).toBe('CUSTOMER_NOT_VERIFIED');
    });

    it('names the owner, address and minimum of a prepaid and a postpaid meter', async () => {
      const { client } = await signUp(t.app);
      const prepaid = await verify(client, {
        serviceId: 'ikeja-electric',
        billersCode: PREPAID_METER,
        type: 'prepaid',
      });
      expect(prepaid.json<VerifyResponse>()).toMatchObject({
        customerName: 'TESTMETER1',
        address: 'ABULE - ABULE',
        minimumAmountKobo: 50_000,
        canVend: true,
      });
      const postpaid = await verify(client, {
        serviceId: 'eko-electric',
        billersCode: POSTPAID_METER,
        type: 'postpaid',
      });
      expect(postpaid.json<VerifyResponse>().customerName).toBe('TESTMETER2');
    });

    it('refuses a wrong meter (WrongBillersCode) and a meter check without a meter type', async () => {
      const { client } = await signUp(t.app);
      const wrong = await verify(client, {
        serviceId: 'ikeja-electric',
        billersCode: '1234567890123',
        type: 'prepaid',
      });
      expect(wrong.statusCode).toBe(422);
      expect(errorOf(wrong).message).toMatch(/not correct or is not a valid/);
      const untyped = await verify(client, { serviceId: 'ikeja-electric', billersCode: PREPAID_METER });
      expect(untyped.statusCode).toBe(400);
      expect(errorOf(untyped).message).toBe(messages.bills.meterTypeRequired);
    });

    it('names a JAMB candidate and refuses services with nothing to verify', async () => {
      const { client } = await signUp(t.app);
      const jamb = await verify(client, { serviceId: 'jamb', billersCode: JAMB_PROFILE, type: 'utme-mock' });
      expect(jamb.json<VerifyResponse>().customerName).toBe('Mr Testing Test');
      const airtime = await verify(client, { serviceId: 'mtn', billersCode: '08011111111' });
      expect(airtime.statusCode).toBe(422);
      expect(errorOf(airtime).code).toBe('PRODUCT_UNAVAILABLE');
    });

    it('limits how often one user can ask, counting refused checks', async () => {
      const { client } = await signUp(t.app);
      const other = await signUp(t.app);
      for (let i = 0; i < 6; i++) {
        const response = await verify(client, { serviceId: 'dstv', billersCode: `999999999${i}` });
        expect(response.statusCode).toBe(422);
      }
      const limited = await verify(client, { serviceId: 'dstv', billersCode: SMARTCARD });
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).code).toBe('RATE_LIMITED');
      expect((await verify(other.client, { serviceId: 'dstv', billersCode: SMARTCARD })).statusCode).toBe(
        200,
      );
    });

    it('answers partners holding a key', async () => {
      const { client, password } = await signUp(t.app);
      await turnOnPartnerAccess(client);
      const key = (await client.post('/api/v1/api-keys', { name: 'shop', password })).json<{ key: string }>()
        .key;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/verify',
        headers: { authorization: `Bearer ${key}` },
        payload: { serviceId: 'startimes', billersCode: SMARTCARD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<VerifyResponse>().customerName).toBe('TEST METHOD');
    });
  });

  describe('cable TV', () => {
    it('renews DSTV at the verified renewal amount less 1%, settling with the provider', async () => {
      const { client, userId } = await fundedCustomer(t, 50_000);
      await verify(client, { serviceId: 'dstv', billersCode: SMARTCARD });
      const { response, purchase } = await buy(client, {
        serviceId: 'dstv',
        phone: PHONE,
        billersCode: SMARTCARD,
        subscriptionType: 'renew',
      });
      expect(response.statusCode).toBe(201);
      expect(purchase).toMatchObject({
        status: 'delivered',
        kind: 'tv',
        billersCode: SMARTCARD,
        subscriptionType: 'renew',
        planName: 'DStv Compact N19,000 (renewal)',
        customerName: 'TEST METHOD',
        amountKobo: 1_900_000,
        discountKobo: 19_000,
        chargedKobo: 1_881_000,
        charged: '18810.00',
      });
      expect(await balanceOf(userId)).toBe(5_000_000 - 1_881_000);
      await sound();
    });

    it('changes a GOtv bouquet at the plan price, verifying the card itself when the form did not', async () => {
      const { client, userId } = await fundedCustomer(t, 50_000);
      const [plan] = (await variationsOf(client, 'gotv')).filter((v) => v.code === 'gotv-max');
      expect(plan?.amountKobo).toBe(850_000);
      const { purchase } = await buy(client, {
        serviceId: 'gotv',
        phone: PHONE,
        billersCode: SMARTCARD,
        variationCode: 'gotv-max',
        subscriptionType: 'change',
      });
      expect(purchase).toMatchObject({
        status: 'delivered',
        variationCode: 'gotv-max',
        customerName: 'TEST METHOD',
        chargedKobo: 850_000 - 8_500,
      });
      expect(await balanceOf(userId)).toBe(5_000_000 - 841_500);
      await sound();
    });

    it('pays StarTimes by bouquet and refuses a renewal there', async () => {
      const { client } = await fundedCustomer(t, 10_000);
      const { purchase } = await buy(client, {
        serviceId: 'startimes',
        phone: PHONE,
        billersCode: SMARTCARD,
        variationCode: 'nova',
      });
      expect(purchase).toMatchObject({ status: 'delivered', amountKobo: 210_000, chargedKobo: 207_900 });
      expect(purchase?.subscriptionType).toBeNull();
      const renew = await buy(client, {
        serviceId: 'startimes',
        phone: PHONE,
        billersCode: SMARTCARD,
        subscriptionType: 'renew',
      });
      expect(renew.response.statusCode).toBe(400);
    });

    it('refuses a smartcard the provider cannot verify, moving no money', async () => {
      const { client, userId } = await fundedCustomer(t, 50_000);
      const { response } = await buy(client, {
        serviceId: 'dstv',
        phone: PHONE,
        billersCode: '1234567890',
        variationCode: 'dstv-padi',
      });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).code).toBe('CUSTOMER_NOT_VERIFIED');
      expect(await balanceOf(userId)).toBe(5_000_000);
    });

    it.each([
      [
        'dstv',
        { billersCode: SMARTCARD, variationCode: 'dstv-padi', phone: '' },
        messages.purchase.allFieldsRequired,
      ],
      ['dstv', { billersCode: '12345', variationCode: 'dstv-padi' }, messages.purchase.smartCardLength],
      [
        'dstv',
        { billersCode: SMARTCARD, variationCode: 'dstv-padi', phone: '08531234567' },
        messages.purchase.invalidNigerianPhone,
      ],
      [
        'dstv',
        { billersCode: SMARTCARD, variationCode: 'dstv-nope' },
        messages.purchase.invalidBouquetSelected,
      ],
      ['gotv', { billersCode: '12121212121', variationCode: 'gotv-max' }, messages.purchase.invalidSmartCard],
      ['gotv', { billersCode: SMARTCARD, variationCode: 'gotv-nope' }, messages.purchase.invalidBouquet],
      ['startimes', { billersCode: '121212121', variationCode: 'nova' }, messages.purchase.invalidSmartCard],
      [
        'startimes',
        { billersCode: SMARTCARD, variationCode: 'nova', phone: '8031234567' },
        messages.purchase.invalidPhoneFormat,
      ],
      ['showmax', { variationCode: 'full_1', phone: '0801111111' }, messages.purchase.invalidPhone],
      ['showmax', { variationCode: 'full_99', phone: '08011111111' }, messages.purchase.invalidPlanOrAmount],
    ] as const)('refuses a bad %s form with the earlier words: %o', async (serviceId, fields, message) => {
      const { client, userId } = await fundedCustomer(t, 50_000);
      const { response } = await buy(client, { serviceId, phone: PHONE, ...fields });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(message);
      expect(await balanceOf(userId)).toBe(5_000_000);
    });

    it('sells Showmax to a phone number and keeps the voucher on the receipt', async () => {
      const { client } = await fundedCustomer(t, 10_000);
      const { purchase } = await buy(client, {
        serviceId: 'showmax',
        phone: '08011111111',
        variationCode: 'full_1',
      });
      expect(purchase).toMatchObject({
        status: 'delivered',
        billersCode: '08011111111',
        planName: 'Showmax - 1 Month',
        chargedKobo: 350_000 - 3_500,
      });
      expect(purchase?.receiptLines).toHaveLength(1);
      expect(purchase?.receiptLines[0]?.label).toBe('Code');
      expect(purchase?.receiptLines[0]?.value).toMatch(/^Showmax voucher: SMX\d{10}$/);
    });

    it('keeps a DSTV payment to 201000000000 pending until a requery confirms it', async () => {
      const { client, userId } = await fundedCustomer(t, 50_000);
      const { purchase } = await buy(client, {
        serviceId: 'dstv',
        phone: PHONE,
        billersCode: '201000000000',
        variationCode: 'dstv-padi',
      });
      expect(purchase?.status).toBe('pending');
      expect(await balanceOf(userId)).toBe(5_000_000 - 435_600);
      await resolvePending(t, purchase);
      await vi.waitFor(
        async () => {
          expect((await purchaseOf(client, purchase?.requestId ?? '')).status).toBe('delivered');
        },
        { timeout: 20_000, interval: 200 },
      );
      expect(await balanceOf(userId)).toBe(5_000_000 - 435_600);
      await sound();
    });

    it('refunds at once when the provider refuses the bouquet', async () => {
      const { client, userId } = await fundedCustomer(t, 50_000);
      await staleVariation('dstv', 'dstv-withdrawn', 500_000);
      const { purchase } = await buy(client, {
        serviceId: 'dstv',
        phone: PHONE,
        billersCode: SMARTCARD,
        variationCode: 'dstv-withdrawn',
      });
      expect(purchase?.status).toBe('failed');
      expect(await balanceOf(userId)).toBe(5_000_000);
      await sound();
    });
  });
});
