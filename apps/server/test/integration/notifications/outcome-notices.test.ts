import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { isNull } from 'drizzle-orm';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import type { ReferralsResponse } from '@quickvend/shared/api/referrals';
import { webhookEvents } from '../../../src/modules/funding/funding.tables.ts';
import {
  createTestApp,
  signUp,
  TestClient,
  uniqueEmail,
  waitForMail,
  type TestApp,
} from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { mailsTo, textsTo, inboxOf, noticeTitled } from '../../helpers/notices.ts';
import {
  chargeSuccess,
  payOnCheckout,
  postWebhook,
  sign,
  startCardPayment,
  SUCCESS_CARD,
} from '../../helpers/paystack.ts';
import { buy, fundedCustomer, resolvePending } from '../../helpers/purchases.ts';
import { confirmEmail } from '../../helpers/email.ts';
import { groupToken } from '@quickvend/shared/bills';
import { deadlineOf } from '@quickvend/shared/purchase-words';

describeEachDatabase('a notice for every outcome', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const person = await signUp(t.app, { name: 'Admin Ada' });
    await t.container.auth.setRole(person.userId, 'admin');
    admin = person.client;
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells of a delivered token once, in the inbox and by one email that carries the token', async () => {
    const { client, email } = await fundedCustomer(t, 5_000);
    const { purchase } = await buy(client, {
      serviceId: 'ikeja-electric',
      billersCode: '1111111111111',
      type: 'prepaid',
      phone: '08031234567',
      amount: '1000',
    });
    expect(purchase?.status).toBe('delivered');
    const token = purchase?.token ?? 'missing';
    const notice = await noticeTitled(client, 'Ikeja Electricity delivered');
    expect(notice).toMatchObject({
      category: 'purchases',
      isRead: false,
      link: `/transactions/${purchase?.requestId ?? ''}`,
    });
    expect(notice.body).toBe(
      `Ikeja Electricity for meter 1111111111111 is delivered. You paid ₦990.00 (₦1,000.00 value, 1% off). Your token: ${groupToken(token)} (${purchase?.units ?? ''}).`,
    );

    const mail = await waitForMail(t.app, email, /token/);
    expect(mail.subject).toBe('Your Ikeja Electricity token from QuickVend');
    // the token mail is the delivered notice's email: no second mail about the same purchase
    const aboutToken = (await mailsTo(t.app, email)).filter((m) =>
      m.text.replace(/\D/g, '').includes(token.replace(/\D/g, '')),
    );
    expect(aboutToken).toHaveLength(1);
    // no text message: the customer never asked for them
    expect(await textsTo(t.app, '2348031234567')).toEqual([]);
  });

  it('tells of a failed purchase and its refund, in plain words', async () => {
    const { client, email } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'glo', phone: '08051234567', amount: '250' });
    expect(purchase?.status).toBe('failed');
    const notice = await noticeTitled(client, 'GLO Airtime failed: ₦250.00 refunded');
    expect(notice.body).toBe(
      'We could not deliver GLO Airtime to 0805 123 4567. Your ₦250.00 is back in your wallet.',
    );
    expect(notice.link).toBe(`/transactions/${purchase?.requestId ?? ''}`);
    const mail = await waitForMail(t.app, email, /failed/);
    expect(mail.text).toContain('Your ₦250.00 is back in your wallet.');
    expect(mail.text).toContain(`http://localhost:3000/transactions/${purchase?.requestId ?? ''}`);
  });

  it('tells of a pending purchase, then of its delivery', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '100' });
    expect(purchase?.status).toBe('pending');
    const pending = await noticeTitled(client, 'MTN Airtime is being confirmed');
    expect(pending.body).toBe(
      `We are confirming MTN Airtime to 201000000000 with the network; your ₦100.00 is held, not spent. Delivered or refunded by ${deadlineOf(purchase?.resolveBy ?? null) ?? 'missing'}, usually within a few minutes. If the network has still not answered by then, our team takes it up and tells you.`,
    );
    await resolvePending(t, purchase);
    const delivered = await noticeTitled(client, 'MTN Airtime delivered');
    expect(delivered.body).toBe(
      'Good news: the purchase we were confirming went through. MTN Airtime to 201000000000 is delivered. You paid ₦100.00.',
    );
    const { notifications } = await inboxOf(client);
    expect(notifications.filter((n) => n.link === pending.link)).toHaveLength(2);
  });

  it('tells of a pending purchase an admin refunds', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'airtel', phone: '201000000000', amount: '200' });
    expect(purchase?.status).toBe('pending');
    await noticeTitled(client, 'Airtel Airtime is being confirmed');
    const asked = await admin.post(`/api/v1/admin/purchases/${purchase?.id ?? ''}/refund`, {
      reason: 'The network confirmed it never arrived',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // VTpass still calls it pending: a second admin approves the refund
    const second = await signUp(t.app);
    await t.container.auth.setRole(second.userId, 'admin');
    const { approval } = asked.json<{ approval: { id: string } }>();
    await t.container.approvals.approve(approval.id, { id: second.userId, label: second.email });
    const notice = await noticeTitled(client, 'Airtel Airtime failed: ₦200.00 refunded');
    expect(notice.body).toBe(
      'The purchase we were confirming did not go through: Airtel Airtime to 201000000000. Your ₦200.00 is back in your wallet.',
    );
  });

  it('tells of a card funding exactly once, however often the gateway repeats itself', async () => {
    const { client, email } = await signUp(t.app);
    const { checkout, payment } = await startCardPayment(client, email, '500');
    expect((await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    const body = chargeSuccess(payment.reference, 50_000);
    for (const replay of [body, body, chargeSuccess(payment.reference, 50_000)]) {
      expect((await postWebhook(t, replay, sign(replay))).status).toBe(200);
    }
    expect(
      (await client.post('/api/v1/funding/card/confirm', { reference: payment.reference })).statusCode,
    ).toBe(200);
    const notice = await noticeTitled(client, 'Wallet funded: ₦500.00');
    expect(notice).toMatchObject({
      category: 'funding',
      body: '₦500.00 from your card payment is in your wallet.',
      link: '/wallet',
    });
    // every delivery of the event has been processed: still one notice and one mail
    await vi.waitFor(
      async () => {
        const open = await t.container.db
          .select({ id: webhookEvents.id })
          .from(webhookEvents)
          .where(isNull(webhookEvents.processedAt));
        expect(open).toEqual([]);
      },
      { timeout: 10_000, interval: 50 },
    );
    await waitForMail(t.app, email, /Wallet funded/);
    const { notifications, unreadCount } = await inboxOf(client);
    expect(notifications.filter((n) => n.category === 'funding')).toHaveLength(1);
    expect(unreadCount).toBe(1);
    expect((await mailsTo(t.app, email)).filter((m) => m.subject === 'Wallet funded: ₦500.00')).toHaveLength(
      1,
    );
  });

  it('tells of a manual deposit approved, and of one rejected with the reason', async () => {
    const { client } = await signUp(t.app);
    await confirmEmail(client);
    const deposit = async () => {
      const response = await client.post('/api/v1/funding/manual', {
        depositorName: 'Musa Bello',
        bankName: 'Zenith',
        amount: '2000',
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ request: ManualFundingRequest }>().request;
    };
    const first = await deposit();
    expect((await admin.post(`/api/v1/admin/funding/manual/${first.id}/approve`, {})).statusCode).toBe(200);
    const approved = await noticeTitled(client, 'Deposit approved: ₦1,950.00 added');
    expect(approved.body).toBe(
      'Your bank deposit of ₦2,000.00 (Musa Bello, Zenith) is approved. ₦1,950.00 is in your wallet after the ₦50.00 charge.',
    );
    const second = await deposit();
    const rejected = await admin.post(`/api/v1/admin/funding/manual/${second.id}/reject`, {
      reason: 'No matching deposit in our account',
    });
    expect(rejected.statusCode).toBe(200);
    const notice = await noticeTitled(client, 'Deposit not approved');
    expect(notice.body).toBe(
      'We could not approve your bank deposit of ₦2,000.00 (Musa Bello, Zenith): No matching deposit in our account. Nothing was added to your wallet. If you did pay, contact support with your bank receipt.',
    );
    expect(notice.link).toBe('/fund-wallet');
  });

  it('tells the referrer of their reward once', async () => {
    const referrer = await signUp(t.app, { name: 'Ada Obi' });
    const { code } = (await referrer.client.get('/api/v1/referrals')).json<ReferralsResponse>();
    const friend = new TestClient(t.app);
    const friendEmail = uniqueEmail('friend');
    const joined = await friend.post('/api/v1/auth/sign-up', {
      name: 'Ngozi Okafor',
      email: friendEmail,
      password: 'correct horse battery',
      ref: code,
    });
    expect(joined.statusCode).toBe(201);
    for (const amount of ['500', '700']) {
      const { checkout, payment } = await startCardPayment(friend, friendEmail, amount);
      expect((await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
      await friend.post('/api/v1/funding/card/confirm', { reference: payment.reference });
    }
    const notice = await noticeTitled(referrer.client, 'You earned ₦50.00');
    expect(notice).toMatchObject({ category: 'referrals', link: '/refer' });
    expect(notice.body).toMatch(
      /^Ngozi funded their wallet for the first time, so ₦50\.00 is in your wallet\./,
    );
    await noticeTitled(friend, 'Wallet funded: ₦700.00');
    expect(
      (await inboxOf(referrer.client)).notifications.filter((n) => n.category === 'referrals'),
    ).toHaveLength(1);
  });
});
