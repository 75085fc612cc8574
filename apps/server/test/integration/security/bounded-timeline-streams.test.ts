import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import type { AdminPurchaseDetail, AdminPurchaseEvents } from '@quickvend/shared/api/admin-purchases';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { purchaseEvents, sessions, users } from '../../../src/db/schema.ts';
import {
  createTestApp,
  errorOf,
  signUp,
  testConfig,
  TestClient,
  waitForMail,
  type TestApp,
} from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { tokenInMail } from '../../helpers/email.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

describeEachDatabase('a purchase timeline stays small, however many callbacks arrive', (kind) => {
  let t: TestApp;
  let now = new Date();
  let admin: TestClient;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => now } });
    const made = await signUp(t.app);
    await t.container.auth.setRole(made.userId, 'admin');
    admin = made.client;
  });
  afterAll(async () => {
    await t.close();
  });

  const pendingPurchase = async (): Promise<Purchase> => {
    const { client } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '100' });
    expect(purchase?.status).toBe('pending');
    if (!purchase) throw new Error('no purchase');
    return purchase;
  };
  /** `count` callbacks for one purchase, `parallel` at a time, from one address (each test its own) */
  const callBack = async (
    purchase: Purchase,
    { count, parallel, data = {} }: { count: number; parallel: number; data?: Record<string, unknown> },
  ) => {
    address += 1;
    const remoteAddress = `10.0.0.${address}`;
    for (let sent = 0; sent < count; sent += parallel) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(parallel, count - sent) }, () =>
          t.app.inject({
            method: 'POST',
            url: '/webhooks/vtpass',
            remoteAddress,
            payload: {
              type: 'transaction-update',
              data: { requestId: purchase.providerRequestId, status: 'pending', ...data },
            },
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toEqual({ response: 'success' });
      }
    }
  };
  const storedCallbacks = (purchaseId: string) =>
    t.container.db
      .select()
      .from(purchaseEvents)
      .where(and(eq(purchaseEvents.purchaseId, purchaseId), eq(purchaseEvents.kind, 'provider.callback')));

  it('keeps one callback line a minute of a pending purchase: 300 in a minute, 50 at once, store one', async () => {
    const purchase = await pendingPurchase();
    await callBack(purchase, { count: 300, parallel: 50 });
    expect(await storedCallbacks(purchase.id)).toHaveLength(1);

    now = new Date(now.getTime() + 61_000);
    await callBack(purchase, { count: 20, parallel: 20 });
    expect(await storedCallbacks(purchase.id)).toHaveLength(2);
  });

  it('stores no callback line for a final purchase, delivered or refunded, and still answers VTpass', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const { purchase: delivered } = await buy(client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(delivered?.status).toBe('delivered');
    const refunded = await pendingPurchase();
    const reversed = await t.app.inject({
      method: 'POST',
      url: '/sandbox/vtpass/api/simulate/resolve',
      headers: { 'api-key': testConfig.vtpass.apiKey, 'secret-key': testConfig.vtpass.secretKey },
      payload: { request_id: refunded.providerRequestId, status: 'reversed' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    await t.container.purchases.recheck(refunded.id);
    const refundedNow = await t.container.purchases.findById(refunded.id);
    expect(refundedNow?.status).toBe('failed');

    for (const purchase of [delivered, refunded]) {
      if (!purchase) throw new Error('no purchase');
      // the sandbox VTpass itself may have called back about the reversal while the purchase was still open
      const before = (await storedCallbacks(purchase.id)).length;
      expect(before).toBeLessThanOrEqual(1);
      await callBack(purchase, { count: 100, parallel: 25 });
      expect(await storedCallbacks(purchase.id)).toHaveLength(before);
    }
  });

  it('keeps a few kilobytes of a huge callback body, marked as cut', async () => {
    const purchase = await pendingPurchase();
    await callBack(purchase, { count: 1, parallel: 1, data: { padding: 'x'.repeat(60_000) } });
    const [stored] = await storedCallbacks(purchase.id);
    expect(stored?.raw).toMatchObject({ truncated: true, chars: expect.any(Number) as unknown });
    expect(JSON.stringify(stored?.raw).length).toBeLessThanOrEqual(5_000);
  });

  it('serves the admin a page of the timeline at a time, newest first, with a cursor to the older', async () => {
    const purchase = await pendingPurchase();
    for (let i = 0; i < 120; i += 1) {
      await t.container.purchases.note({
        purchaseId: purchase.id,
        kind: 'admin.keep_pending',
        note: `line ${i}`,
        at: new Date(now.getTime() + 1_000 + i),
      });
    }
    const detail = await admin.get(`/api/v1/admin/purchases/${purchase.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const first = detail.json<AdminPurchaseDetail>();
    expect(first.events).toHaveLength(50);
    expect(first.events.at(-1)?.note).toBe('line 119');
    expect(first.olderEventsCursor).toBe(first.events[0]?.id);

    const pages = [first.events];
    let cursor = first.olderEventsCursor;
    while (cursor) {
      const older = await admin.get(`/api/v1/admin/purchases/${purchase.id}/events?before=${cursor}`);
      expect(older.statusCode, older.body).toBe(200);
      const page = older.json<AdminPurchaseEvents>();
      expect(page.events.length).toBeLessThanOrEqual(50);
      pages.unshift(page.events);
      cursor = page.olderEventsCursor;
    }
    expect(pages.map((page) => page.length)).toEqual([21, 50, 50]);
    const notes = pages.flat().map((event) => event.note);
    expect(pages.flat()[0]?.kind).toBe('provider.purchase');
    expect(notes.slice(1)).toEqual(Array.from({ length: 120 }, (_, i) => `line ${i}`));

    const tooMany = await admin.get(`/api/v1/admin/purchases/${purchase.id}/events?before=x&limit=1000`);
    expect(tooMany.statusCode).toBe(400);
    const unknown = await admin.get('/api/v1/admin/purchases/pur_nothing/events?before=pev_x');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
  });
});

type StreamEvent = { event: string; data: string };

/** A signed-in page's live event stream: every event it gets, its status, and whether the server ended it. */
function openStream(baseUrl: string, cookie: string) {
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  let status = 0;
  let retryAfter: string | null = null;
  let body = '';
  let isEnded = false;
  const done = fetch(`${baseUrl}/api/v1/wallet/events`, { headers: { cookie }, signal: controller.signal })
    .then(async (response) => {
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      if (status !== 200) {
        body = await response.text();
        return;
      }
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      let buffered = '';
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        buffered += decoder.decode(chunk.value as Uint8Array, { stream: true });
        const blocks = buffered.split('\n\n');
        buffered = blocks.pop() ?? '';
        for (const block of blocks) {
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? '' });
        }
      }
    })
    .catch(() => undefined)
    .finally(() => {
      isEnded = true;
    });
  return {
    events,
    named: (name: string) => events.filter((event) => event.event === name).map((event) => event.data),
    status: () => status,
    retryAfter: () => retryAfter,
    body: () => body,
    isEnded: () => isEnded,
    close: async () => {
      controller.abort();
      await done;
    },
  };
}
type Stream = ReturnType<typeof openStream>;

const WAIT = { timeout: 10_000 };

describeEachDatabase('live event streams are capped and end with their session', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  const open: Stream[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const made = await signUp(t.app);
    await t.container.auth.setRole(made.userId, 'admin');
    admin = made.client;
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((stream) => stream.close()));
  });
  afterAll(async () => {
    await t.close();
  });

  /** Opens a stream and waits until it has said the balance: it is counted from then on. */
  const streamOf = async (client: TestClient) => {
    const stream = openStream(t.selfUrl, client.cookieHeader);
    open.push(stream);
    await expect.poll(() => stream.named('balance').length, WAIT).toBeGreaterThan(0);
    return stream;
  };
  const credit = (userId: string, naira: number) =>
    t.container.ledger.adjustWallet({
      userId,
      direction: 'credit',
      amountKobo: kobo(naira * 100),
      reason: 'test',
      actor: 'test',
    });

  it('keeps five streams per user: a sixth ends the oldest, and the other five still get news', async () => {
    const { client, userId } = await signUp(t.app);
    const tabs: Stream[] = [];
    for (let i = 0; i < 6; i += 1) tabs.push(await streamOf(client));
    const [oldest, ...rest] = tabs;
    await expect.poll(() => oldest?.isEnded(), WAIT).toBe(true);
    expect(oldest?.named('end')).toEqual([JSON.stringify({ reason: 'replaced' })]);

    await credit(userId, 700);
    for (const tab of rest) {
      await expect.poll(() => tab.named('balance').at(-1), WAIT).toContain('"balanceKobo":70000');
      expect(tab.isEnded()).toBe(false);
    }
    expect(oldest?.named('balance').some((data) => data.includes('70000'))).toBe(false);
  });

  it('ends the stream of a user who is suspended, before any balance or notice after it', async () => {
    const { client, userId } = await signUp(t.app);
    const stream = await streamOf(client);
    const before = stream.events.length;
    const suspended = await admin.post(`/api/v1/admin/users/${userId}/suspend`, {
      reason: 'Card fraud reported',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await credit(userId, 500);
    await expect.poll(() => stream.isEnded(), WAIT).toBe(true);
    expect(stream.events.slice(before)).toEqual([
      { event: 'end', data: JSON.stringify({ reason: 'signed-out' }) },
    ]);
  });

  it('checks the session before each event: an expired session, or a suspension whose word was lost, gets nothing more', async () => {
    const expiring = await signUp(t.app);
    const quietlySuspended = await signUp(t.app);
    const expired = await streamOf(expiring.client);
    const suspended = await streamOf(quietlySuspended.client);
    await t.container.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, expiring.userId));
    await t.container.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, quietlySuspended.userId));
    for (const [user, stream] of [
      [expiring, expired],
      [quietlySuspended, suspended],
    ] as const) {
      const before = stream.events.length;
      await credit(user.userId, 300);
      await expect.poll(() => stream.isEnded(), WAIT).toBe(true);
      expect(stream.events.slice(before)).toEqual([
        { event: 'end', data: JSON.stringify({ reason: 'signed-out' }) },
      ]);
    }
  });

  it('ends the stream when its session signs out, here or from another device', async () => {
    const { client, email, password } = await signUp(t.app);
    const stream = await streamOf(client);
    const signedOut = await client.post('/api/v1/auth/sign-out');
    expect(signedOut.statusCode).toBe(204);
    await expect.poll(() => stream.isEnded(), WAIT).toBe(true);
    expect(stream.named('end')).toEqual([JSON.stringify({ reason: 'signed-out' })]);

    const phone = new TestClient(t.app);
    const laptop = new TestClient(t.app);
    for (const device of [phone, laptop]) {
      expect((await device.post('/api/v1/auth/sign-in', { email, password })).statusCode).toBe(200);
    }
    const onPhone = await streamOf(phone);
    const onLaptop = await streamOf(laptop);
    const others = await laptop.post('/api/v1/profile/sessions/sign-out-others');
    expect(others.statusCode, others.body).toBe(200);
    await expect.poll(() => onPhone.isEnded(), WAIT).toBe(true);
    expect(onPhone.named('end')).toEqual([JSON.stringify({ reason: 'signed-out' })]);
    expect(onLaptop.isEnded()).toBe(false);
  });

  it('ends every stream of the account when its password is reset', async () => {
    const { client, email } = await signUp(t.app);
    const stream = await streamOf(client);
    const asked = await new TestClient(t.app).post('/api/v1/auth/forgot-password', { email });
    expect(asked.statusCode).toBe(202);
    const mail = await waitForMail(t.app, email, /^Reset your/);
    const reset = await new TestClient(t.app).post('/api/v1/auth/reset-password', {
      token: tokenInMail(mail.text),
      password: 'a brand new password',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expect.poll(() => stream.isEnded(), WAIT).toBe(true);
    expect(stream.named('end')).toEqual([JSON.stringify({ reason: 'signed-out' })]);
  });

  it('refuses the stream of a session that has ended, as any signed-in route does', async () => {
    const { client } = await signUp(t.app);
    const cookie = client.cookieHeader;
    expect((await client.post('/api/v1/auth/sign-out')).statusCode).toBe(204);
    const stream = openStream(t.selfUrl, cookie);
    open.push(stream);
    await expect.poll(() => stream.isEnded(), WAIT).toBe(true);
    expect(stream.status()).toBe(401);
  });
});

describeEachDatabase('a process holds a bounded number of live event streams', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { maxEventStreams: 3 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 with Retry-After beyond its cap, and admits again once a stream closes', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => signUp(t.app)));
    const cookies = users.map((user) => user.client.cookieHeader);
    const streams = cookies.slice(0, 3).map((cookie) => openStream(t.selfUrl, cookie));
    for (const stream of streams) await expect.poll(() => stream.named('balance').length, WAIT).toBe(1);

    const refused = [openStream(t.selfUrl, cookies[3] ?? ''), openStream(t.selfUrl, cookies[0] ?? '')];
    for (const stream of refused) {
      await expect.poll(() => stream.isEnded(), WAIT).toBe(true);
      expect(stream.status()).toBe(503);
      expect(Number(stream.retryAfter())).toBeGreaterThan(0);
      expect(JSON.parse(stream.body())).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    }

    await streams[1]?.close();
    const admitted = openStream(t.selfUrl, cookies[3] ?? '');
    await expect.poll(() => admitted.named('balance').length, WAIT).toBe(1);
    expect(admitted.status()).toBe(200);
    await Promise.all([...streams, admitted].map((stream) => stream.close()));
  });
});
