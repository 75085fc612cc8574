import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { WebhookEndpoint, WebhookMessage } from '@quickvend/shared/api/webhooks';
import { domainEvent } from '../../../src/lib/domain-events.ts';
import { createTestApp, errorOf, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { fundedPartner } from '../../helpers/partners.ts';
import { buy } from '../../helpers/purchases.ts';
import { startReceiver, type Received } from '../../helpers/webhook-receiver.ts';

const SANDBOX_PHONE = '08011111111';

/** Verified by the Standard Webhooks reference implementation, as a partner would. */
const verify = (secret: string, received: Received) =>
  new Webhook(secret).verify(received.body, {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  });

/** Waits for background work (the job queue) to show its effect; generous, for a busy machine. */
const eventually = (check: () => unknown, _options?: unknown) => vi.waitFor(check, { timeout: 20_000 });

describeEachDatabase('partner webhooks', (kind) => {
  let t: TestApp;
  let offsetMs = 0;
  const start = Date.now();
  const clock = { now: () => new Date(start + offsetMs) };
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock, // the receiver shares this process with the embedded database, which holds it up while it works
      webhooks: { timeoutMs: 5_000 },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- none before the first test
    await receiver?.close();
    receiver = await startReceiver();
  });

  const messagesOf = async (client: TestClient) =>
    (await client.get('/api/v1/webhooks/messages')).json<{ messages: WebhookMessage[] }>().messages;
  const messageOf = async (client: TestClient, id: string) => {
    const found = (await messagesOf(client)).find((message) => message.id === id);
    if (!found) throw new Error(`no message ${id}`);
    return found;
  };

  async function partnerWithEndpoint() {
    const partner = await fundedPartner(t, 5_000);
    const put = await partner.client.put('/api/v1/webhooks/endpoint', { mode: 'live', url: receiver.url });
    expect(put.statusCode, put.body).toBe(200);
    const { secret, endpoint } = put.json<{ secret: string; endpoint: WebhookEndpoint }>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ mode: 'live', url: receiver.url, enabled: true });
    return { ...partner, secret };
  }

  /** Attempts every message now due, as the minute's sweep does, and waits for `count` requests in all. */
  async function deliverDueUntil(count: number) {
    await t.container.webhooks.delivery.deliverDue();
    await eventually(
      () => {
        expect(receiver.received.length).toBeGreaterThanOrEqual(count);
      },
      {
        timeout: 10_000,
      },
    );
  }

  it('sends a purchase, signed so the reference library verifies it; a rotation signs with both secrets', async () => {
    const partner = await partnerWithEndpoint();
    const { purchase } = await buy(partner.client, {
      serviceId: 'mtn',
      phone: SANDBOX_PHONE,
      amount: '100',
    });
    expect(purchase?.status).toBe('delivered');
    await eventually(
      () => {
        expect(receiver.received.length).toBe(1);
      },
      { timeout: 10_000 },
    );
    const [first] = receiver.received;
    if (!first) throw new Error('nothing received');
    expect(verify(partner.secret, first)).toMatchObject({
      type: 'purchase.delivered',
      data: { purchase: { requestId: purchase?.requestId, status: 'delivered' } },
    });
    expect(String(first.headers['webhook-id'])).toMatch(/^msg_/);
    expect(() =>
      verify(partner.secret, { ...first, body: first.body.replace('delivered', 'failed') }),
    ).toThrow();
    const [message] = await messagesOf(partner.client);
    await eventually(async () => {
      expect((await messageOf(partner.client, message?.id ?? '')).status).toBe('delivered');
    });

    expect((await partner.client.get('/api/v1/webhooks/endpoint?mode=live')).json()).toMatchObject({
      endpoint: { url: receiver.url, enabled: true },
    });
    const wrong = await partner.client.post('/api/v1/webhooks/endpoint/rotate-secret', {
      password: 'not it',
    });
    expect(wrong.statusCode).toBe(401);
    const rotated = await partner.client.post('/api/v1/webhooks/endpoint/rotate-secret', {
      mode: 'live',
      password: partner.password,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: newSecret, endpoint } = rotated.json<{ secret: string; endpoint: WebhookEndpoint }>();
    expect(newSecret).not.toBe(partner.secret);
    expect(endpoint.previousSecretUntil).toBe(new Date(clock.now().getTime() + 86_400_000).toISOString());

    const resent = await partner.client.post(`/api/v1/webhooks/messages/${message?.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    await eventually(
      () => {
        expect(receiver.received.length).toBe(2);
      },
      { timeout: 10_000 },
    );
    const second = receiver.received[1];
    if (!second) throw new Error('nothing received');
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verify(newSecret, second)).toMatchObject({ type: 'purchase.delivered' });
    expect(verify(partner.secret, second)).toMatchObject({ type: 'purchase.delivered' });

    // another user sees none of it, and cannot resend it
    const stranger = await fundedPartner(t, 0);
    expect(await messagesOf(stranger.client)).toEqual([]);
    const theirs = await stranger.client.post(`/api/v1/webhooks/messages/${message?.id}/resend`);
    expect(theirs.statusCode).toBe(404);
  });

  it('retries a 500, honours 429 Retry-After, survives a timeout, then delivers; gives up after the schedule', async () => {
    receiver.script.push(
      { status: 500, body: 'oops' },
      { status: 429, headers: { 'retry-after': '120' } },
      'hang',
    );
    const partner = await partnerWithEndpoint();
    await buy(partner.client, { serviceId: 'mtn', phone: SANDBOX_PHONE, amount: '100' });
    await eventually(
      () => {
        expect(receiver.received.length).toBe(1);
      },
      { timeout: 10_000 },
    );
    let [message] = await messagesOf(partner.client);
    const id = message?.id ?? '';
    await eventually(async () => {
      expect((await messageOf(partner.client, id)).attempts).toHaveLength(1);
    });
    message = await messageOf(partner.client, id);
    expect(message).toMatchObject({ status: 'pending', attempts: [{ statusCode: 500, body: 'oops' }] });
    const wait = new Date(message.nextAttemptAt ?? 0).getTime() - clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(4_500);
    expect(wait).toBeLessThanOrEqual(5_500);

    await t.container.webhooks.delivery.deliverDue();
    expect(receiver.received).toHaveLength(1);
    offsetMs += 6_000;
    await deliverDueUntil(2);
    await eventually(async () => {
      expect((await messageOf(partner.client, id)).attempts).toHaveLength(2);
    });
    message = await messageOf(partner.client, id);
    expect(message.attempts[1]?.statusCode).toBe(429);
    expect(new Date(message.nextAttemptAt ?? 0).getTime() - clock.now().getTime()).toBe(120_000);

    offsetMs += 121_000;
    await deliverDueUntil(3);
    await eventually(async () => {
      expect((await messageOf(partner.client, id)).attempts).toHaveLength(3);
    });
    message = await messageOf(partner.client, id);
    expect(message.attempts[2]).toMatchObject({
      statusCode: null,
      error: expect.stringMatching(/No answer/) as unknown,
    });

    offsetMs += 2 * 3_600_000;
    await deliverDueUntil(4);
    await eventually(async () => {
      expect((await messageOf(partner.client, id)).status).toBe('delivered');
    });

    // an endpoint that never answers 2xx: ten attempts over about three days, then given up
    const before = receiver.received.length;
    receiver.script.push(...Array.from({ length: 10 }, () => ({ status: 503 })));
    const failing = await t.container.webhooks.createMessage({
      userId: partner.userId,
      mode: 'live',
      eventId: `test:${id}:give-up`,
      type: 'wallet.credited',
      purchaseId: null,
      data: {},
    });
    await eventually(
      () => {
        expect(receiver.received.length).toBe(before + 1);
      },
      { timeout: 10_000 },
    );
    for (let attempt = 2; attempt <= 10; attempt++) {
      await eventually(async () => {
        expect((await messageOf(partner.client, failing ?? '')).attempts).toHaveLength(attempt - 1);
      });
      offsetMs += 23 * 3_600_000;
      await deliverDueUntil(before + attempt);
    }
    await eventually(async () => {
      expect(await messageOf(partner.client, failing ?? '')).toMatchObject({
        status: 'failed',
        failure: expect.stringMatching(/three days/) as unknown,
      });
    });
    expect((await messageOf(partner.client, failing ?? '')).attempts).toHaveLength(10);
  });

  it('keeps the messages of one purchase in order, and makes one message per event', async () => {
    const partner = await partnerWithEndpoint();
    receiver.script.push({ status: 500 });
    const make = (eventId: string, type: string) =>
      t.container.webhooks.createMessage({
        userId: partner.userId,
        mode: 'live',
        eventId,
        type,
        purchaseId: 'pur_ordered',
        data: { purchase: { id: 'pur_ordered', status: type } },
      });
    const first = await make(`purchase.pending:${partner.userId}`, 'purchase.pending');
    await eventually(
      () => {
        expect(receiver.received.length).toBe(1);
      },
      { timeout: 10_000 },
    );
    const second = await make(`purchase.delivered:${partner.userId}`, 'purchase.delivered');
    await eventually(async () => {
      expect((await messageOf(partner.client, first ?? '')).attempts).toHaveLength(1);
    });
    // the later message waits behind the earlier one, however often it is asked for
    await t.container.webhooks.delivery.attempt(second ?? '');
    await t.container.webhooks.delivery.deliverDue();
    expect(receiver.received).toHaveLength(1);
    offsetMs += 10_000;
    await deliverDueUntil(3);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([first, first, second]);

    // a replayed domain event (its job run twice) makes no second message
    const event = domainEvent('wallet.adjusted', `adj_${partner.userId}`, {
      userId: partner.userId,
      adjustmentId: `adj_${partner.userId}`,
      direction: 'credit',
      amountKobo: 25_000,
    });
    const queue = t.container.events.queueOf('partner-webhooks');
    await t.container.jobs.send(queue, { event });
    await t.container.jobs.send(queue, { event });
    await eventually(
      () => {
        expect(receiver.received.length).toBe(4);
      },
      { timeout: 10_000 },
    );
    const credits = (await messagesOf(partner.client)).filter((m) => m.type === 'wallet.credited');
    expect(credits).toHaveLength(1);
    expect(credits[0]?.payload).toMatchObject({
      type: 'wallet.credited',
      data: { credit: { amountKobo: 25_000, amount: '250.00', kind: 'adjustment' } },
    });
  });

  it('turns the endpoint off on a 410, says why, and turns back on', async () => {
    receiver.script.push({ status: 410 });
    const partner = await partnerWithEndpoint();
    await buy(partner.client, { serviceId: 'mtn', phone: SANDBOX_PHONE, amount: '100' });
    await eventually(async () => {
      const endpoint = (await partner.client.get('/api/v1/webhooks/endpoint')).json<{
        endpoint: WebhookEndpoint;
      }>();
      expect(endpoint.endpoint).toMatchObject({ enabled: false, disabledReason: 'gone' });
    });
    const [message] = await messagesOf(partner.client);
    expect(message).toMatchObject({ status: 'failed', failure: expect.stringMatching(/410/) as unknown });
    // nothing more is made or sent while it is off, and a resend is refused
    await buy(partner.client, { serviceId: 'mtn', phone: SANDBOX_PHONE, amount: '100' });
    const resend = await partner.client.post(`/api/v1/webhooks/messages/${message?.id}/resend`);
    expect(resend.statusCode).toBe(409);

    const on = await partner.client.put('/api/v1/webhooks/endpoint', { url: receiver.url, enabled: true });
    expect(on.json()).toMatchObject({ endpoint: { enabled: true, disabledReason: null }, secret: null });
    expect((await partner.client.post(`/api/v1/webhooks/messages/${message?.id}/resend`)).statusCode).toBe(
      200,
    );
    await eventually(async () => {
      expect((await messageOf(partner.client, message?.id ?? '')).status).toBe('delivered');
    });
    expect(receiver.received).toHaveLength(2);
    expect((await messagesOf(partner.client)).length).toBe(1);
  });

  it('refuses an address that is not a web address, and a customer without partner access', async () => {
    const partner = await fundedPartner(t, 0);
    const bad = await partner.client.put('/api/v1/webhooks/endpoint', { url: 'ftp://example.com/hooks' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
    const customer = await fundedPartner(t, 0);
    await customer.client.put('/api/v1/profile/partner-access', { enabled: false });
    const refused = await customer.client.put('/api/v1/webhooks/endpoint', { url: receiver.url });
    expect(refused.statusCode).toBe(403);
  });
});
