import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { ReferralsResponse } from '@quickvend/shared/api/referrals';
import type { AdminStatementResponse, StatementResponse } from '@quickvend/shared/api/wallet';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { kobo } from '@quickvend/shared/money';
import { purchaseSummary } from '@quickvend/shared/purchase-words';
import { queryRows } from '../../../src/db/client.ts';
import { createTestApp, signUp, TestClient, uniqueEmail, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { confirmEmail } from '../../helpers/email.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';
import { buy, TEST_PIN } from '../../helpers/purchases.ts';
import { watchQueries, type QueryWatch } from '../../helpers/query-log.ts';

const SMARTCARD = '1212121212';
const PREPAID_METER = '1111111111111';
/** the sandbox provider fails every number but its own test numbers: this purchase is refunded */
const FAILING_PHONE = '08031234567';

/** What no customer should ever read on their statement: internal ids and ledger references. */
const INTERNAL = [
  'pur_',
  'usr_',
  'mfr_',
  'adj_',
  'ent_',
  'PAY-',
  'purchase:',
  'funding:',
  'manual:',
  'referral:',
];

describeEachDatabase('the wallet statement in words', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let watch: QueryWatch | undefined;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const signedUp = await signUp(t.app, { name: 'Statement Admin' });
    await t.container.auth.setRole(signedUp.userId, 'admin');
    admin = signedUp.client;
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    watch?.stop();
    watch = undefined;
  });

  const balanceOf = (userId: string) => t.container.ledger.getWalletBalance(userId);

  async function join(name: string, ref?: string) {
    const client = new TestClient(t.app);
    const response = await client.post('/api/v1/auth/sign-up', {
      name,
      email: uniqueEmail(),
      password: 'correct horse battery',
      ...(ref !== undefined && { ref }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { user } = response.json<{ user: { id: string; email: string } }>();
    return { client, userId: user.id, email: user.email };
  }

  async function payByCard(client: TestClient, email: string, amount: string) {
    const { checkout, payment } = await startCardPayment(client, email, amount);
    expect((await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    const confirmed = await client.post('/api/v1/funding/card/confirm', { reference: payment.reference });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return payment.reference;
  }

  /** A transfer into the customer's own account number, credited once the gateway's notice is processed. */
  async function payByTransfer(
    client: TestClient,
    userId: string,
    senderAccount: string,
    amountKobo: number,
  ) {
    const opened = await client.post('/api/v1/funding/dedicated-account', {});
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const { account } = opened.json<{ account: { accountNumber: string } }>();
    const before = await balanceOf(userId);
    const sent = await fetch(`${t.selfUrl}/sandbox/paystack/simulate/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account_number: account.accountNumber,
        amount: amountKobo,
        sender_name: 'A SENDER',
        sender_account_number: senderAccount,
      }),
    });
    expect(sent.status).toBe(200);
    await vi.waitFor(
      async () => {
        expect(await balanceOf(userId)).toBe(before + amountKobo);
      },
      { timeout: 20_000, interval: 100 },
    );
  }

  async function depositAtBank(client: TestClient, bankName: string, amount: string) {
    await confirmEmail(client);
    const requested = await client.post('/api/v1/funding/manual', {
      depositorName: 'Ada Obi',
      bankName,
      amount,
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const { request } = requested.json<{ request: { id: string } }>();
    const approved = await admin.post(`/api/v1/admin/funding/manual/${request.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    return request.id;
  }

  const statementOf = async (client: TestClient, query = '?limit=100') => {
    const response = await client.get(`/api/v1/wallet/statement${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, statement: response.json<StatementResponse>() };
  };

  /**
   * Ada: a card payment, a transfer, a deposit at GTBank, a reward for her friend Ngozi's first funding, a credit
   * from the team, and purchases (airtime delivered, airtime refunded, DStv for a smartcard, power for a meter).
   */
  async function adaWithEverything() {
    const ada = await join('Ada Obi');
    expect((await ada.client.post('/api/v1/pin', { pin: TEST_PIN })).statusCode).toBe(200);
    const paymentReference = await payByCard(ada.client, ada.email, '5,000');
    await payByTransfer(ada.client, ada.userId, '0123456789', 200_000);
    const depositId = await depositAtBank(ada.client, 'GTBank', '1,500');
    const { code } = (await ada.client.get('/api/v1/referrals')).json<ReferralsResponse>();
    const ngozi = await join('Ngozi Okafor', code);
    await payByTransfer(ngozi.client, ngozi.userId, '0987654321', 100_000);
    await t.container.ledger.adjustWallet({
      userId: ada.userId,
      direction: 'credit',
      amountKobo: kobo(3_000_000),
      reason: 'Goodwill after the outage of 3 March',
      actor: 'test',
    });
    const bought = async (body: Parameters<typeof buy>[1]) => {
      const { purchase } = await buy(ada.client, body);
      if (!purchase) throw new Error('purchase refused');
      return purchase;
    };
    const airtime = await bought({ serviceId: 'mtn', phone: '08011111111', amount: '100' });
    const refunded = await bought({ serviceId: 'mtn', phone: FAILING_PHONE, amount: '200' });
    expect([airtime.status, refunded.status]).toEqual(['delivered', 'failed']);
    await ada.client.post('/api/v1/verify', { serviceId: 'dstv', billersCode: SMARTCARD });
    const tv = await bought({
      serviceId: 'dstv',
      phone: FAILING_PHONE,
      billersCode: SMARTCARD,
      subscriptionType: 'renew',
    });
    await ada.client.post('/api/v1/verify', {
      serviceId: 'ikeja-electric',
      billersCode: PREPAID_METER,
      type: 'prepaid',
    });
    const power = await bought({
      serviceId: 'ikeja-electric',
      phone: FAILING_PHONE,
      billersCode: PREPAID_METER,
      type: 'prepaid',
      amount: '1000',
    });
    expect([tv.status, power.status]).toEqual(['delivered', 'delivered']);
    return { ada, ngozi, paymentReference, depositId, airtime, refunded, tv, power };
  }

  const receipt = (purchase: Purchase) => `/transactions/${encodeURIComponent(purchase.requestId)}`;

  it('reads each line in words and links it to what it was, with no internal id or reference anywhere', async () => {
    const { ada, ngozi, airtime, refunded, tv, power } = await adaWithEverything();
    const { body, statement } = await statementOf(ada.client);
    expect(
      statement.lines.map(({ description, link, inKobo, outKobo }) => ({
        description,
        link,
        inKobo,
        outKobo,
      })),
    ).toEqual([
      { description: purchaseSummary(power), link: receipt(power), inKobo: 0, outKobo: power.chargedKobo },
      { description: purchaseSummary(tv), link: receipt(tv), inKobo: 0, outKobo: tv.chargedKobo },
      {
        description: 'Refund: MTN Airtime to 0803 123 4567',
        link: receipt(refunded),
        inKobo: 20_000,
        outKobo: 0,
      },
      { description: 'MTN Airtime to 0803 123 4567', link: receipt(refunded), inKobo: 0, outKobo: 20_000 },
      { description: 'MTN Airtime to 0801 111 1111', link: receipt(airtime), inKobo: 0, outKobo: 10_000 },
      { description: 'Adjustment by our team', link: null, inKobo: 3_000_000, outKobo: 0 },
      { description: 'Referral reward: Ngozi', link: '/refer', inKobo: 5_000, outKobo: 0 },
      {
        description: 'Manual deposit (GTBank)',
        link: '/fund-wallet#manual-heading',
        inKobo: 145_000,
        outKobo: 0,
      },
      {
        description: 'Bank transfer',
        link: '/fund-wallet#payment-history-heading',
        inKobo: 200_000,
        outKobo: 0,
      },
      {
        description: 'Card payment',
        link: '/fund-wallet#payment-history-heading',
        inKobo: 500_000,
        outKobo: 0,
      },
    ]);
    expect(purchaseSummary(tv)).toContain(`for smartcard ${SMARTCARD}`);
    expect(purchaseSummary(power)).toContain(`for meter ${PREPAID_METER}`);
    for (const internal of INTERNAL) expect(body).not.toContain(internal);
    // the friend is named by her first name only; neither her id nor the team's reason is shown
    for (const hidden of [ngozi.userId, ada.userId, 'Okafor', 'Goodwill']) expect(body).not.toContain(hidden);

    // the friend's own statement says nothing of Ada
    const friend = await statementOf(ngozi.client);
    expect(friend.statement.lines.map((line) => line.description)).toEqual(['Bank transfer']);
    expect(friend.body).not.toContain(ada.userId);
  });

  it("gives the back office the same words with its own links, the smartcard and meter, and the admin's reason", async () => {
    const { ada, ngozi, paymentReference, depositId, refunded, tv, power } = await adaWithEverything();
    const response = await admin.get(`/api/v1/admin/users/${ada.userId}/statement?limit=100`);
    expect(response.statusCode, response.body).toBe(200);
    const { lines } = response.json<AdminStatementResponse>();
    const byDescription = new Map(lines.map((line) => [line.description, line]));
    expect(byDescription.get(purchaseSummary(tv))).toMatchObject({
      link: `/admin/purchases/${tv.id}`,
      note: null,
    });
    expect(purchaseSummary(tv)).toContain(`for smartcard ${SMARTCARD}`);
    expect(byDescription.get(purchaseSummary(power))).toMatchObject({ link: `/admin/purchases/${power.id}` });
    expect(purchaseSummary(power)).toContain(`for meter ${PREPAID_METER}`);
    expect(byDescription.get('Refund: MTN Airtime to 0803 123 4567')).toMatchObject({
      link: `/admin/purchases/${refunded.id}`,
      reference: `purchase:${refunded.id}:refund`,
    });
    expect(byDescription.get('Card payment')).toMatchObject({
      link: `/admin/fundings?reference=${paymentReference}`,
    });
    expect(byDescription.get('Manual deposit (GTBank)')).toMatchObject({
      link: `/admin/fundings?reference=${depositId}`,
    });
    expect(byDescription.get('Referral reward: Ngozi')).toMatchObject({ link: `/edit-user/${ngozi.userId}` });
    expect(byDescription.get('Adjustment by our team')).toMatchObject({
      link: null,
      note: 'Goodwill after the outage of 3 March',
    });
    // the user's page opens on the same first page
    const page = (await admin.get(`/api/v1/admin/users/${ada.userId}`)).json<{
      statement: AdminStatementResponse;
    }>();
    expect(page.statement.lines).toEqual(lines);
  });

  it('reads one page of purchases in one query, however many of its lines are purchases', async () => {
    const ada = await join('Ada Obi');
    expect((await ada.client.post('/api/v1/pin', { pin: TEST_PIN })).statusCode).toBe(200);
    await t.container.ledger.adjustWallet({
      userId: ada.userId,
      direction: 'credit',
      amountKobo: kobo(100_000),
      reason: 'test funds',
      actor: 'test',
    });
    for (let i = 0; i < 6; i++)
      await buy(ada.client, { serviceId: 'mtn', phone: FAILING_PHONE, amount: '100' });
    // the refunds' subscribers (the customer's notices) read purchases from the job queue: only the
    // statement's own reads are watched, so they finish first
    await vi.waitFor(
      async () => {
        const [row] = await queryRows<{ published: number; running: number }>(
          t.container.db,
          sql`
            select
              (select count(*)::int from domain_events
                where type = 'purchase.refunded' and published_at is not null
                  and payload->>'userId' = ${ada.userId}) as published,
              (select count(*)::int from jobs.job
                where name like 'events.%' and state in ('created', 'retry', 'active')) as running`,
        );
        expect(row).toEqual({ published: 6, running: 0 });
      },
      { timeout: 20_000, interval: 50 },
    );
    watch = watchQueries(t.container.db);
    const { statement } = await statementOf(ada.client, '?limit=10');
    expect(statement.lines.map((line) => line.description)).toEqual(
      Array.from({ length: 5 }, () => [
        'Refund: MTN Airtime to 0803 123 4567',
        'MTN Airtime to 0803 123 4567',
      ]).flat(),
    );
    const purchaseReads = watch.log.filter((read) => /\bfrom "purchases"/.test(read.text));
    expect(purchaseReads).toHaveLength(1);
  });

  it('still reads old lines by their kind when what they point at cannot be found, and says what a reversal undid', async () => {
    const ada = await join('Ada Obi');
    const post = (reference: string, entryKind: 'funding.manual' | 'purchase.refund' | 'referral.reward') =>
      t.container.ledger.post({
        reference,
        kind: entryKind,
        memo: 'written by an older version',
        postings: [
          { from: { system: 'equity:adjustments' }, to: { wallet: ada.userId }, amountKobo: kobo(1_000) },
        ],
      });
    await post(`manual:mfr_gone_${ada.userId}`, 'funding.manual');
    await post(`purchase:pur_gone_${ada.userId}:refund`, 'purchase.refund');
    const reward = await post(`referral:usr_gone_${ada.userId}:reward`, 'referral.reward');
    await t.container.ledger.reverse(reward.entryId, 'Rewarded by mistake');
    const { body, statement } = await statementOf(ada.client);
    expect(statement.lines.map(({ description, link }) => ({ description, link }))).toEqual([
      { description: 'Reversed: Referral reward', link: '/refer' },
      { description: 'Referral reward', link: '/refer' },
      { description: 'Refund of a purchase', link: null },
      { description: 'Manual deposit', link: '/fund-wallet#manual-heading' },
    ]);
    for (const internal of INTERNAL) expect(body).not.toContain(internal);
    expect(body).not.toContain('Rewarded by mistake');
    const adminLines = (
      await admin.get(`/api/v1/admin/users/${ada.userId}/statement`)
    ).json<AdminStatementResponse>().lines;
    expect(adminLines[0]).toMatchObject({
      description: 'Reversed: Referral reward',
      note: 'Rewarded by mistake',
    });
  });
});
