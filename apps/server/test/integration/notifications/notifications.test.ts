import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import type {
  Notification,
  NotificationPreferencesResponse,
  NotificationsResponse,
} from '@quickvend/shared/api/notifications';
import type { ReferralsResponse } from '@quickvend/shared/api/referrals';
import { webhookEvents } from '../../../src/modules/funding/funding.tables.ts';
import { notifications } from '../../../src/modules/notifications/notifications.tables.ts';
import {
  createTestApp,
  errorOf,
  signUp,
  TestClient,
  uniqueEmail,
  waitForMail,
  type TestApp,
} from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { openEventStream } from '../../helpers/event-stream.ts';
import {
  chargeSuccess,
  payOnCheckout,
  postWebhook,
  sign,
  startCardPayment,
  SUCCESS_CARD,
} from '../../helpers/paystack.ts';
import { buy, fundedCustomer, resolvePending, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';
import { confirmEmail } from '../../helpers/email.ts';
import { groupToken } from '@quickvend/shared/bills';
import { deadlineOf } from '@quickvend/shared/purchase-words';

type SandboxMail = { to: string; subject: string; text: string };

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

async function mailsTo(app: FastifyInstance, to: string): Promise<SandboxMail[]> {
  const { messages } = (await app.inject({ url: '/sandbox/mailbox/messages' })).json<{
    messages: SandboxMail[];
  }>();
  return messages.filter((mail) => mail.to === to);
}

async function textsTo(app: FastifyInstance, to: string): Promise<{ to: string; text: string }[]> {
  const { messages } = (await app.inject({ url: '/sandbox/sms/messages' })).json<{
    messages: { to: string; text: string }[];
  }>();
  return messages.filter((sms) => sms.to === to);
}

const inboxOf = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/v1/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationsResponse>();
};

/** Notices are recorded just after what they tell of has committed: wait for the one titled so. */
async function noticeTitled(client: TestClient, title: string): Promise<Notification> {
  return vi.waitFor(
    async () => {
      const inbox = (await inboxOf(client, '?limit=50')).notifications;
      const notice = inbox.find((n) => n.title === title);
      if (!notice) throw new Error(`no notice "${title}" yet: ${inbox.map((n) => n.title).join(' | ')}`);
      return notice;
    },
    { timeout: 10_000, interval: 50 },
  );
}

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

describeEachDatabase('security notices', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells of a new sign-in with the device, and not of the sign-up itself', async () => {
    const { client, email, password } = await signUp(t.app);
    expect((await inboxOf(client)).notifications).toEqual([]);
    const phone = new TestClient(t.app);
    const signedIn = await phone.post(
      '/api/v1/auth/sign-in',
      { email, password },
      { 'user-agent': ANDROID_CHROME },
    );
    expect(signedIn.statusCode).toBe(200);
    const notice = await noticeTitled(client, 'New sign-in to your account');
    expect(notice).toMatchObject({ category: 'security', link: '/profile' });
    expect(notice.body).toMatch(
      /^Someone signed in to your QuickVend account on .+ \(Lagos time\)\. Device: Chrome on Android, from [\d.:a-f]+\. If it was you, there is nothing to do\./,
    );
    expect((await waitForMail(t.app, email, /New sign-in/)).text).toContain('Chrome on Android');
  });

  it('tells of a PIN created and changed, and of a password reset', async () => {
    const { client, email, userId } = await fundedCustomer(t, 0);
    await noticeTitled(client, 'Your transaction PIN was created');
    const changed = await client.post('/api/v1/pin', { pin: '5937', currentPin: TEST_PIN });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await noticeTitled(client, 'Your transaction PIN was changed');
    expect(notice.body).toMatch(
      /^The transaction PIN of your QuickVend account was changed on .+ \(Lagos time\)\./,
    );

    expect((await client.post('/api/v1/auth/forgot-password', { email })).statusCode).toBe(202);
    const link = /reset-password\?token=(\S+)/.exec((await waitForMail(t.app, email, /Reset your/)).text);
    const reset = await new TestClient(t.app).post('/api/v1/auth/reset-password', {
      token: decodeURIComponent(link?.[1] ?? ''),
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);
    const fresh = new TestClient(t.app);
    await fresh.post('/api/v1/auth/sign-in', { email, password: 'a brand new password' });
    await noticeTitled(fresh, 'Your password was changed');
    await waitForMail(t.app, email, /password was changed/);
    const rows = await t.container.notifier.list(userId, { limit: 50 });
    expect(rows.notifications.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Your transaction PIN was created', 'Your transaction PIN was changed']),
    );
  });

  it('tells of a password changed in the profile, by email too', async () => {
    const { client, email, password } = await signUp(t.app);
    const changed = await client.post('/api/v1/profile/password', {
      currentPassword: password,
      newPassword: 'a brand new password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await noticeTitled(client, 'Your password was changed');
    expect(notice.body).toMatch(/^The password of your QuickVend account was changed on .+ \(Lagos time\)\./);
    expect((await waitForMail(t.app, email, /password was changed/)).text).toContain(
      'We always email you about the security of your QuickVend account.',
    );
    // the session the change made for this browser is no new sign-in
    expect((await inboxOf(client)).notifications.map((n) => n.title)).toEqual(['Your password was changed']);
  });

  it('tells of API keys created and revoked, with the mails partners already know', async () => {
    const { client, email, password } = await fundedCustomer(t, 0);
    await turnOnPartnerAccess(client);
    const created = await client.post('/api/v1/api-keys', { name: 'My shop', password, pin: TEST_PIN });
    expect(created.statusCode, created.body).toBe(201);
    const { apiKey } = created.json<{ apiKey: { id: string } }>();
    const notice = await noticeTitled(client, 'A new API key was created');
    expect(notice.body).toContain('“My shop”');
    expect((await waitForMail(t.app, email, /new API key was created/)).subject).toBe(
      'A new API key was created on your QuickVend account',
    );
    expect((await client.post(`/api/v1/api-keys/${apiKey.id}/revoke`)).statusCode).toBe(200);
    await noticeTitled(client, 'An API key was revoked');
    await waitForMail(t.app, email, /API key .* was revoked/);
  });
});

describeEachDatabase('the inbox and preferences', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists newest first by pages, marks one or all read, and hides each customer’s notices from the other', async () => {
    const a = await fundedCustomer(t, 5_000);
    const b = await fundedCustomer(t, 0);
    for (const amount of ['100', '200', '300']) {
      const { purchase } = await buy(a.client, { serviceId: 'mtn', phone: '08011111111', amount });
      expect(purchase?.status).toBe('delivered');
    }
    await vi.waitFor(async () => {
      expect((await inboxOf(a.client)).notifications).toHaveLength(4);
    });
    const first = await inboxOf(a.client, '?limit=2');
    expect(first.unreadCount).toBe(4);
    expect(first.notifications.map((n) => n.body)).toEqual([
      'MTN Airtime to 0801 111 1111 is delivered. You paid ₦300.00.',
      'MTN Airtime to 0801 111 1111 is delivered. You paid ₦200.00.',
    ]);
    const second = await inboxOf(a.client, `?limit=2&cursor=${first.nextCursor ?? ''}`);
    expect(second.notifications.map((n) => n.title)).toEqual([
      'MTN Airtime delivered',
      'Your transaction PIN was created',
    ]);
    expect(second.nextCursor).toBeNull();

    const newest = first.notifications[0]?.id ?? '';
    for (const stranger of [
      await b.client.post(`/api/v1/notifications/${newest}/read`),
      await b.client.post('/api/v1/notifications/ntf_unknown/read'),
    ]) {
      expect(stranger.statusCode).toBe(404);
      expect(errorOf(stranger)).toMatchObject({
        code: 'NOT_FOUND',
        message: 'We could not find that notification.',
      });
    }
    expect(JSON.stringify(await inboxOf(b.client))).not.toContain(newest);
    expect((await b.client.post('/api/v1/notifications/read-all')).json()).toEqual({ unreadCount: 0 });
    expect((await inboxOf(a.client)).unreadCount).toBe(4);

    const read = await a.client.post(`/api/v1/notifications/${newest}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ notification: { id: newest, isRead: true }, unreadCount: 3 });
    expect((await a.client.post(`/api/v1/notifications/${newest}/read`)).json()).toMatchObject({
      unreadCount: 3,
    });
    expect((await a.client.post('/api/v1/notifications/read-all')).json()).toEqual({ unreadCount: 0 });
    const after = await inboxOf(a.client);
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.every((n) => n.isRead)).toBe(true);
    expect((await new TestClient(t.app).get('/api/v1/notifications')).statusCode).toBe(401);
  });

  it('keeps to the email preferences, but always mails security notices', async () => {
    const { client, email, password } = await fundedCustomer(t, 5_000);
    const defaults = await client.get('/api/v1/notifications/preferences');
    expect(defaults.json()).toEqual({
      preferences: { emailPurchases: true, emailFunding: true, emailReferrals: true, smsCredentials: false },
      smsAvailable: true,
      hasPhone: false,
    });
    const off = await client.put('/api/v1/notifications/preferences', {
      emailPurchases: false,
      emailFunding: false,
      emailReferrals: false,
    });
    expect(off.json<NotificationPreferencesResponse>().preferences).toEqual({
      emailPurchases: false,
      emailFunding: false,
      emailReferrals: false,
      smsCredentials: false,
    });
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '100' });
    expect(purchase?.status).toBe('delivered');
    await noticeTitled(client, 'MTN Airtime delivered');
    await new TestClient(t.app).post('/api/v1/auth/sign-in', { email, password });
    await noticeTitled(client, 'New sign-in to your account');
    await waitForMail(t.app, email, /New sign-in/);
    // the purchase's notice was queued before the sign-in's: had it been mailed, it would be there by now
    const subjects = (await mailsTo(t.app, email)).map((m) => m.subject);
    expect(subjects).not.toContain('MTN Airtime delivered');
    expect(subjects).toContain('Your transaction PIN was created');
  });

  it('texts an electricity token to the phone on the account when the customer asks, in the sandbox', async () => {
    const { client, userId, email } = await fundedCustomer(t, 5_000);
    await t.container.auth.accounts.updateProfile(
      userId,
      { name: 'Ada Obi', email, phone: '08031112222' },
      t.container.db,
    );
    const on = await client.put('/api/v1/notifications/preferences', { smsCredentials: true });
    expect(on.json()).toMatchObject({ preferences: { smsCredentials: true }, hasPhone: true });
    const { purchase } = await buy(client, {
      serviceId: 'ikeja-electric',
      billersCode: '1111111111111',
      type: 'prepaid',
      phone: '08031112222',
      amount: '1000',
    });
    expect(purchase?.status).toBe('delivered');
    const [sms] = await vi.waitFor(
      async () => {
        const texts = await textsTo(t.app, '2348031112222');
        expect(texts).toHaveLength(1);
        return texts;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(sms?.text).toMatch(
      /^QuickVend: your Ikeja Electricity token for meter 1111111111111 is [\d ]+ \(NGN990\.00, [\d.]+ kWh\)\.$/,
    );
    expect(sms?.text).not.toContain('₦');
    const page = await t.app.inject({ url: '/sandbox/sms' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('+2348031112222');

    // airtime is no credential: no text message
    await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '100' });
    await noticeTitled(client, 'MTN Airtime delivered');
    expect(await textsTo(t.app, '2348031112222')).toHaveLength(1);
  });

  it('records one notice per event, whoever repeats it', async () => {
    const { userId } = await signUp(t.app);
    const notice = {
      userId,
      category: 'funding' as const,
      eventKey: 'funding:REPLAYED:credited',
      title: 'Wallet funded: ₦1.00',
      body: '₦1.00 from your card payment is in your wallet.',
      link: '/wallet',
    };
    const results = await Promise.all([1, 2, 3].map(() => t.container.notifier.notify(notice)));
    expect(results.filter((row) => row !== null)).toHaveLength(1);
    const rows = await t.container.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.eventKey, notice.eventKey)));
    expect(rows).toHaveLength(1);
  });

  it('pushes each new notice and the unread count to the customer’s open event stream', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const stream = openEventStream(t.selfUrl, client.cookieHeader, 'notifications');
    const { events } = stream;
    await noticeTitled(client, 'Your transaction PIN was created');
    await expect.poll(() => events.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(events.at(-1)).toContain('"unreadCount":1');
    await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '100' });
    await expect.poll(() => events.at(-1), { timeout: 5_000 }).toContain('"title":"MTN Airtime delivered"');
    expect(events.at(-1)).toContain('"unreadCount":2');
    await client.post('/api/v1/notifications/read-all');
    await expect
      .poll(() => events.at(-1), { timeout: 5_000 })
      .toBe('event: notifications\ndata: {"unreadCount":0}');
    await stream.close();
  });
});
