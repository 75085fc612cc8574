import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import type { Purchase } from '@quickvend/shared/api/purchases';
import type { ReferralsResponse } from '@quickvend/shared/api/referrals';
import type { z } from 'zod';
import type { ProfitAndLossReport, profitAndLossFigures } from '@quickvend/shared/api/reports';
import { kobo } from '@quickvend/shared/money';
import { payments } from '../../../src/db/schema.ts';
import { createTestApp, errorOf, signUp, TestClient, uniqueEmail, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';
import { buy, TEST_PIN } from '../../helpers/purchases.ts';
import { confirmEmail } from '../../helpers/email.ts';

/**
 * A known business made through the real services (the sandbox VTpass and Paystack), then moved to its days:
 * most of it on 10 March 2025 (Lagos), some of it on 9 March. Every figure below is written out by hand.
 */
const NOON_9_MARCH = new Date('2025-03-09T11:00:00Z');
const NOON_10_MARCH = new Date('2025-03-10T11:00:00Z');
// the last second of 10 March in Lagos, 23:59:59 WAT
const LATE_10_MARCH = new Date('2025-03-10T22:59:59Z');

// what the sandbox VTpass keeps as commission: 3% of airtime
const COST = { mtn100: 9_700, mtn200: 19_400, mtn500: 48_500 };
// what the sandbox Paystack keeps of a NGN 5,000 card payment: 1.5% + NGN 100
const CARD_FEE = 17_500;

/** the figures as the response carries them, plain numbers */
type Figures = z.input<typeof profitAndLossFigures>;

const ON_10_MARCH: Figures = {
  salesKobo: 30_000,
  costKobo: COST.mtn100 + COST.mtn200,
  marginKobo: 900,
  gatewayFeesKobo: CARD_FEE,
  referralRewardsKobo: 5_000,
  depositChargesKobo: 5_000,
  goodwillCreditsKobo: 30_000,
  goodwillDebitsKobo: 12_000,
  providerLossesWrittenOffKobo: 58_200,
  // the customer paid back NGN 100 for a purchase that cost the float NGN 97
  providerLossesRecoveredKobo: 300,
  // 900 + 5,000 + 12,000 + 300 - 17,500 - 5,000 - 30,000 - 58,200
  profitKobo: -92_500,
};

const ON_9_MARCH: Figures = {
  salesKobo: 50_000,
  costKobo: COST.mtn500,
  marginKobo: 1_500,
  gatewayFeesKobo: 0,
  referralRewardsKobo: 0,
  depositChargesKobo: 0,
  goodwillCreditsKobo: 50_000,
  goodwillDebitsKobo: 0,
  providerLossesWrittenOffKobo: 10_000,
  providerLossesRecoveredKobo: 0,
  profitKobo: 1_500 - 50_000 - 10_000,
};

const NOTHING: Figures = {
  salesKobo: 0,
  costKobo: 0,
  marginKobo: 0,
  gatewayFeesKobo: 0,
  referralRewardsKobo: 0,
  depositChargesKobo: 0,
  goodwillCreditsKobo: 0,
  goodwillDebitsKobo: 0,
  providerLossesWrittenOffKobo: 0,
  providerLossesRecoveredKobo: 0,
  profitKobo: 0,
};

describeEachDatabase('profit and loss from the ledger', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  /** references of the entries that belong to 9 March */
  const onNinthMarch: string[] = [];

  /**
   * Moves ledger entries to another day. The ledger refuses to change an entry, so its guard is lifted for this
   * one transaction only: the test's stand-in for business done on that day.
   */
  async function backdateEntries(when: Date, references?: string[]) {
    await t.container.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
      await tx.execute(
        references
          ? sql`update ledger_entries set created_at = ${when.toISOString()}::timestamptz
                where reference in (${sql.join(
                  references.map((reference) => sql`${reference}`),
                  sql`, `,
                )})`
          : sql`update ledger_entries set created_at = ${when.toISOString()}::timestamptz`,
      );
      await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
    });
  }

  async function delivered(client: TestClient, amount: string): Promise<Purchase> {
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount });
    expect(purchase?.status).toBe('delivered');
    if (!purchase) throw new Error('no purchase');
    return purchase;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const signedUpAdmin = await signUp(t.app);
    await t.container.auth.setRole(signedUpAdmin.userId, 'admin');
    admin = signedUpAdmin.client;

    const referrer = await signUp(t.app, { name: 'Ada Obi' });
    const { code } = (await referrer.client.get('/api/v1/referrals')).json<ReferralsResponse>();
    const customer = { client: new TestClient(t.app), email: uniqueEmail() };
    const joined = await customer.client.post('/api/v1/auth/sign-up', {
      name: 'Ngozi Okafor',
      email: customer.email,
      password: 'correct horse battery',
      ref: code,
    });
    expect(joined.statusCode).toBe(201);
    const customerId = joined.json<{ user: { id: string } }>().user.id;

    // the first funding pays the referrer their NGN 50
    const card = await startCardPayment(customer.client, customer.email, '5,000');
    expect((await payOnCheckout(t, card.checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    const confirmed = await customer.client.post('/api/v1/funding/card/confirm', {
      reference: card.payment.reference,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await t.container.ledger.getWalletBalance(referrer.userId)).toBe(5_000);
    expect((await customer.client.post('/api/v1/pin', { pin: TEST_PIN })).statusCode).toBe(200);

    const cheap = await delivered(customer.client, '100');
    expect(cheap.chargedKobo).toBe(10_000);
    expect((await delivered(customer.client, '200')).chargedKobo).toBe(20_000);
    const { purchase: failed } = await buy(customer.client, {
      serviceId: 'glo',
      phone: '08051234567',
      amount: '250',
    });
    expect(failed?.status).toBe('failed');

    await confirmEmail(customer.client);
    const deposit = (
      await customer.client.post('/api/v1/funding/manual', {
        depositorName: 'Ngozi Okafor',
        bankName: 'GTBank',
        amount: '2000',
      })
    ).json<{ request: ManualFundingRequest }>().request;
    const approved = await admin.post(`/api/v1/admin/funding/manual/${deposit.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);

    const adjust = (direction: 'credit' | 'debit', amountKobo: number, reference?: string) =>
      t.container.ledger.adjustWallet({
        userId: customerId,
        direction,
        amountKobo: kobo(amountKobo),
        reason: 'Goodwill',
        actor: 'ops@example.com',
        actorId: signedUpAdmin.userId,
        ...(reference && { reference }),
      });
    await adjust('credit', 30_000);
    await adjust('debit', 12_000);
    // a credit made in error and undone is no credit at all
    const mistaken = await adjust('credit', 7_000);
    await t.container.ledger.reverse(mistaken.entryId, 'Credited the wrong customer');

    // a purchase we refunded that VTpass delivered after all, written off as the float's loss
    await t.container.ledger.post({
      reference: 'provider-loss:written-off',
      kind: 'provider-loss.write-off',
      memo: 'Provider-side loss written off',
      postings: [
        {
          from: { system: 'expense:provider-losses' },
          to: { system: 'provider:vtpass' },
          amountKobo: kobo(58_200),
        },
      ],
    });
    // and one recovered from the customer: the NGN 100 they had back, NGN 97 of it what VTpass took
    await t.container.ledger.post({
      reference: 'provider-loss:recovered',
      kind: 'provider-loss.recover',
      memo: 'Provider-side loss recovered',
      postings: [
        { from: { wallet: customerId }, to: { system: 'provider:vtpass' }, amountKobo: kobo(COST.mtn100) },
        { from: { wallet: customerId }, to: { system: 'income:margin' }, amountKobo: kobo(300) },
      ],
    });

    // 9 March: a delivered purchase, a goodwill credit and a written-off loss
    const earlier = await delivered(customer.client, '500');
    await adjust('credit', 50_000, 'adjustment:on-9-march');
    await t.container.ledger.post({
      reference: 'provider-loss:on-9-march',
      kind: 'provider-loss.write-off',
      memo: 'Provider-side loss written off',
      postings: [
        {
          from: { system: 'expense:provider-losses' },
          to: { system: 'provider:vtpass' },
          amountKobo: kobo(10_000),
        },
      ],
    });
    onNinthMarch.push(
      `purchase:${earlier.id}:hold`,
      `purchase:${earlier.id}:settle`,
      'adjustment:on-9-march',
      'provider-loss:on-9-march',
    );

    await backdateEntries(LATE_10_MARCH);
    await backdateEntries(NOON_9_MARCH, onNinthMarch);
    await t.container.db
      .update(payments)
      .set({ paidAt: NOON_10_MARCH })
      .where(inArray(payments.reference, [card.payment.reference]));
    const [paid] = await t.container.db
      .select({ feesKobo: payments.feesKobo })
      .from(payments)
      .where(eq(payments.reference, card.payment.reference));
    expect(paid?.feesKobo).toBe(CARD_FEE);
  });
  afterAll(async () => {
    await t.close();
  });

  const report = async (query: string) => {
    const response = await admin.get(`/api/v1/admin/reports/profit-and-loss?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProfitAndLossReport>();
  };

  it('adds up one day to the kobo: sales, cost, margin, fees, rewards, charges, goodwill, losses, profit', async () => {
    const day = await report('from=2025-03-10&to=2025-03-10');
    expect(day.totals).toEqual(ON_10_MARCH);
    expect(day.periods).toEqual([{ start: '2025-03-10', ...ON_10_MARCH }]);
  });

  it('counts each entry on its own Lagos day and leaves out the days outside the range', async () => {
    const both = await report('from=2025-03-09&to=2025-03-11&period=day');
    expect(both.periods).toEqual([
      { start: '2025-03-09', ...ON_9_MARCH },
      { start: '2025-03-10', ...ON_10_MARCH },
      { start: '2025-03-11', ...NOTHING },
    ]);
    const sum = (key: keyof Figures) => ON_9_MARCH[key] + ON_10_MARCH[key];
    expect(both.totals).toEqual(
      Object.fromEntries(Object.keys(NOTHING).map((key) => [key, sum(key as keyof Figures)])),
    );
    expect((await report('from=2025-03-09&to=2025-03-09')).totals).toEqual(ON_9_MARCH);
    expect((await report('from=2025-03-11&to=2025-03-12')).totals).toEqual(NOTHING);
    const week = await report('from=2025-03-09&to=2025-03-10&period=week');
    expect(week.periods.map((row) => [row.start, row.profitKobo])).toEqual([
      ['2025-03-03', ON_9_MARCH.profitKobo],
      ['2025-03-10', ON_10_MARCH.profitKobo],
    ]);
  });

  it('downloads as CSV a spreadsheet opens with ₦ intact', async () => {
    const response = await admin.get(
      '/api/v1/admin/reports/profit-and-loss.csv?from=2025-03-09&to=2025-03-10',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="profit-and-loss-2025-03-09-to-2025-03-10-by-day.csv"',
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.split('\r\n')).toEqual([
      '\uFEFFPeriod,Starts,What customers paid (NGN),What VTpass took (NGN),Margin (NGN),Paystack fees (NGN),' +
        'Referral rewards paid (NGN),Deposit charges earned (NGN),Goodwill credits (NGN),Goodwill debits (NGN),' +
        'Provider-side losses written off (NGN),Provider-side losses recovered (NGN),Profit (NGN)',
      '9 Mar 2025,2025-03-09,500.00,485.00,15.00,0.00,0.00,0.00,500.00,0.00,100.00,0.00,-585.00',
      '10 Mar 2025,2025-03-10,300.00,291.00,9.00,175.00,50.00,50.00,300.00,120.00,582.00,3.00,-925.00',
      'Total,2025-03-09,800.00,776.00,24.00,175.00,50.00,50.00,800.00,120.00,682.00,3.00,-1510.00',
      '',
    ]);
  });

  it('is for admins only, and refuses a range it cannot read', async () => {
    const customer = await signUp(t.app);
    for (const path of ['profit-and-loss', 'profit-and-loss.csv']) {
      expect((await customer.client.get(`/api/v1/admin/reports/${path}`)).statusCode).toBe(403);
      const backwards = await admin.get(`/api/v1/admin/reports/${path}?from=2025-03-10&to=2025-03-09`);
      expect(backwards.statusCode).toBe(400);
      expect(errorOf(backwards).details).toEqual({
        fields: { to: 'The end date must be on or after the start date.' },
      });
    }
  });
});
