import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { manualFundingRequests, payments, purchases, users } from '../../src/db/schema.ts';
import { signUp, type TestApp, type TestClient } from './app.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from './paystack.ts';
import { buy, fundedCustomer, TEST_PIN } from './purchases.ts';
import { turnOnPartnerAccess } from './partners.ts';
import { confirmEmail } from './email.ts';

/**
 * A known week of business around a Lagos midnight, made through the real services (the sandbox VTpass
 * and Paystack), then moved to its dates: purchases, payments and sign-ups carry the instants below.
 * The report covers 9 to 11 March 2025 (Lagos): 9 March is a Sunday, so the weeks are those of 3 and 10 March.
 */
export const at = (iso: string) => new Date(iso);
export const LAST_SECOND_OF_8_MARCH = at('2025-03-08T22:59:59.999Z');
export const LAST_SECOND_OF_9_MARCH = at('2025-03-09T22:59:59Z');
export const MIDNIGHT_10_MARCH = at('2025-03-09T23:00:00Z');
export const NOON_10_MARCH = at('2025-03-10T11:00:00Z');
export const LAST_SECOND_OF_10_MARCH = at('2025-03-10T22:59:59Z');
export const NOON_11_MARCH = at('2025-03-11T11:00:00Z');
export const MIDNIGHT_12_MARCH = at('2025-03-11T23:00:00Z');

/**
 * Makes the week of business above through the real services, signed in as a new admin (who decides the manual
 * deposits). Returns the admin and what each purchase's hold took from the wallet, by name (a failed one has
 * given it back: charged 0, refunded the price).
 */
export async function seedReportsBusiness(
  t: TestApp,
): Promise<{ admin: TestClient; charged: Record<string, number> }> {
  const charged: Record<string, number> = {};
  const backdate = {
    purchase: (purchase: Purchase | null, when: Date) =>
      t.container.db
        .update(purchases)
        .set({ createdAt: when })
        .where(eq(purchases.id, purchase?.id ?? '')),
    user: (userId: string, when: Date) =>
      t.container.db.update(users).set({ createdAt: when }).where(eq(users.id, userId)),
  };

  async function purchase(
    name: string,
    client: TestClient,
    body: Parameters<typeof buy>[1],
    when: Date,
    status: Purchase['status'],
  ) {
    const { purchase: made } = await buy(client, body);
    expect(made?.status, name).toBe(status);
    charged[name] = (made?.chargedKobo ?? 0) + (made?.refundedKobo ?? 0);
    await backdate.purchase(made, when);
  }

  async function partnerPurchase(
    name: string,
    key: string,
    body: Record<string, string>,
    when: Date,
    status: Purchase['status'],
  ) {
    const response = await fetch(`${t.selfUrl}/api/v1/purchases`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: randomUUID(), ...body }),
    });
    const made = ((await response.json()) as { purchase: Purchase }).purchase;
    expect(made.status, name).toBe(status);
    charged[name] = made.chargedKobo + made.refundedKobo;
    await backdate.purchase(made, when);
  }

  const signedUpAdmin = await signUp(t.app);
  await t.container.auth.setRole(signedUpAdmin.userId, 'admin');
  const admin = signedUpAdmin.client;
  await backdate.user(signedUpAdmin.userId, NOON_10_MARCH);

  const shopper = await fundedCustomer(t, 10_000);
  await backdate.user(shopper.userId, LAST_SECOND_OF_9_MARCH);
  const partner = await fundedCustomer(t, 10_000);
  await backdate.user(partner.userId, MIDNIGHT_10_MARCH);
  await turnOnPartnerAccess(partner.client);
  const created = await partner.client.post('/api/v1/api-keys', {
    name: 'Shop',
    password: partner.password,
    pin: TEST_PIN,
  });
  const { key } = created.json<{ key: string }>();

  const mtn = (amount: string, phone = '08011111111') => ({ serviceId: 'mtn', phone, amount });
  await purchase('p1', shopper.client, mtn('100'), LAST_SECOND_OF_9_MARCH, 'delivered');
  await purchase('p2', shopper.client, mtn('200'), MIDNIGHT_10_MARCH, 'delivered');
  await purchase(
    'p3',
    shopper.client,
    { serviceId: 'glo', phone: '08051234567', amount: '250' },
    NOON_10_MARCH,
    'failed',
  );
  await purchase('p4', shopper.client, mtn('100', '201000000000'), NOON_10_MARCH, 'pending');
  await purchase(
    'p5',
    shopper.client,
    {
      serviceId: 'ikeja-electric',
      billersCode: '1111111111111',
      type: 'prepaid',
      phone: '08031234567',
      amount: '1000',
    },
    LAST_SECOND_OF_10_MARCH,
    'delivered',
  );
  await partnerPurchase('p6', key, mtn('500'), NOON_10_MARCH, 'delivered');
  await partnerPurchase(
    'p7',
    key,
    { serviceId: 'airtel', phone: '08099999999', amount: '100' },
    NOON_11_MARCH,
    'failed',
  );
  // just outside the range, on either side
  await purchase('before', shopper.client, mtn('100'), LAST_SECOND_OF_8_MARCH, 'delivered');
  await partnerPurchase('after', key, mtn('100'), MIDNIGHT_12_MARCH, 'delivered');

  const payer = await signUp(t.app);
  await confirmEmail(payer.client);
  await backdate.user(payer.userId, NOON_11_MARCH);
  const early = await signUp(t.app);
  await backdate.user(early.userId, LAST_SECOND_OF_8_MARCH);
  const late = await signUp(t.app);
  await backdate.user(late.userId, MIDNIGHT_12_MARCH);
  const another = await signUp(t.app);
  await backdate.user(another.userId, NOON_10_MARCH);

  const card = await startCardPayment(payer.client, payer.email, '5,000');
  await payOnCheckout(t, card.checkout.authorizationUrl, SUCCESS_CARD);
  const outside = await startCardPayment(payer.client, payer.email, '2,000');
  await payOnCheckout(t, outside.checkout.authorizationUrl, SUCCESS_CARD);
  const unpaid = await startCardPayment(payer.client, payer.email, '3,000');

  const account = (await payer.client.post('/api/v1/funding/dedicated-account', {})).json<{
    account: { accountNumber: string };
  }>().account;
  const sent = await fetch(`${t.selfUrl}/sandbox/paystack/simulate/transfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account_number: account.accountNumber, amount: 750_000, sender_name: 'PAYER' }),
  });
  expect(sent.status).toBe(200);
  await vi.waitFor(
    async () => {
      const transfer = await t.container.db.query.payments.findFirst({
        where: (p, { and, eq: equals }) =>
          and(equals(p.channel, 'dedicated_nuban'), equals(p.status, 'success')),
      });
      expect(transfer).toBeTruthy();
    },
    { timeout: 20_000, interval: 100 },
  );
  for (const { reference, when } of [
    { reference: card.payment.reference, when: MIDNIGHT_10_MARCH },
    { reference: outside.payment.reference, when: LAST_SECOND_OF_8_MARCH },
    { reference: unpaid.payment.reference, when: NOON_10_MARCH },
  ]) {
    await vi.waitFor(
      async () => {
        const paid = await payer.client.post('/api/v1/funding/card/confirm', { reference });
        expect(paid.statusCode).toBe(200);
      },
      { timeout: 20_000, interval: 100 },
    );
    await t.container.db.update(payments).set({ paidAt: when }).where(eq(payments.reference, reference));
  }
  await t.container.db
    .update(payments)
    .set({ paidAt: LAST_SECOND_OF_10_MARCH })
    .where(eq(payments.channel, 'dedicated_nuban'));

  const deposit = async (amount: string) =>
    (
      await payer.client.post('/api/v1/funding/manual', {
        depositorName: 'Payer',
        bankName: 'GTBank',
        amount,
      })
    ).json<{ request: ManualFundingRequest }>().request;
  const approved = await deposit('2000');
  expect((await admin.post(`/api/v1/admin/funding/manual/${approved.id}/approve`, {})).statusCode).toBe(200);
  const rejected = await deposit('4000');
  const rejection = await admin.post(`/api/v1/admin/funding/manual/${rejected.id}/reject`, {
    reason: 'No deposit found',
  });
  expect(rejection.statusCode).toBe(200);
  await deposit('6000');
  for (const id of [approved.id, rejected.id]) {
    await t.container.db
      .update(manualFundingRequests)
      .set({ decidedAt: NOON_11_MARCH })
      .where(eq(manualFundingRequests.id, id));
  }
  return { admin, charged };
}
