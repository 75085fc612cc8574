import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { WebhookMessage } from '@quickvend/shared/api/webhooks';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { fundedPartner } from '../../helpers/partners.ts';
import { TEST_PIN } from '../../helpers/purchases.ts';
import { startReceiver } from '../../helpers/webhook-receiver.ts';

describeEachDatabase('webhooks of test keys', (kind) => {
  let t: TestApp;
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    for (const receiver of receivers) await receiver.close();
    await t.close();
  });

  const withKey = (key: string, method: 'GET' | 'POST', url: string, body?: object) =>
    fetch(`${t.selfUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body: JSON.stringify(body) }),
    });

  it('sends a test key’s purchase to the test endpoint only, and shows each key its own mode’s messages', async () => {
    const partner = await fundedPartner(t, 1_000);
    const [live, test] = [await startReceiver(), await startReceiver()];
    receivers.push(live, test);
    const secrets: Record<string, string> = {};
    for (const [mode, receiver] of [
      ['live', live],
      ['test', test],
    ] as const) {
      const put = await partner.client.put('/api/v1/webhooks/endpoint', { mode, url: receiver.url });
      expect(put.statusCode, put.body).toBe(200);
      secrets[mode] = put.json<{ secret: string }>().secret;
    }
    const keyOf = async (mode: 'live' | 'test') =>
      (
        await partner.client.post('/api/v1/api-keys', {
          name: mode,
          mode,
          password: partner.password,
          pin: TEST_PIN,
        })
      ).json<{ key: string }>().key;
    const [liveKey, testKey] = [await keyOf('live'), await keyOf('test')];
    await withKey(testKey, 'POST', '/api/v1/test-balance/top-up', { amount: '1000' });

    const bought = await withKey(testKey, 'POST', '/api/v1/purchases', {
      requestId: 'sandbox-1',
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(bought.status).toBe(201);
    await vi.waitFor(
      () => {
        expect(test.received).toHaveLength(1);
      },
      { timeout: 20_000 },
    );
    const [received] = test.received;
    if (!received) throw new Error('nothing received');
    expect(
      new Webhook(secrets['test'] ?? '').verify(received.body, {
        'webhook-id': String(received.headers['webhook-id']),
        'webhook-timestamp': String(received.headers['webhook-timestamp']),
        'webhook-signature': String(received.headers['webhook-signature']),
      }),
    ).toMatchObject({ type: 'purchase.delivered', data: { purchase: { requestId: 'sandbox-1' } } });
    expect(live.received).toHaveLength(0);

    const listed = async (key: string) =>
      (
        (await (await withKey(key, 'GET', '/api/v1/webhooks/messages')).json()) as {
          messages: WebhookMessage[];
        }
      ).messages;
    const testMessages = await listed(testKey);
    expect(testMessages.map((message) => message.mode)).toEqual(['test']);
    expect(await listed(liveKey)).toEqual([]);
    const resent = await withKey(liveKey, 'POST', `/api/v1/webhooks/messages/${testMessages[0]?.id}/resend`);
    expect(resent.status).toBe(404);
  });
});
