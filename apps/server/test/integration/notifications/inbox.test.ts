import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { NotificationPreferencesResponse } from '@quickvend/shared/api/notifications';
import { notifications } from '../../../src/modules/notifications/notifications.tables.ts';
import { createTestApp, errorOf, signUp, TestClient, waitForMail, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { mailsTo, textsTo, inboxOf, noticeTitled } from '../../helpers/notices.ts';
import { openEventStream } from '../../helpers/event-stream.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

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
      preferences: {
        emailPurchases: true,
        emailFunding: true,
        emailReferrals: true,
        smsCredentials: false,
        smsOutcomes: false,
      },
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
      smsOutcomes: false,
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
