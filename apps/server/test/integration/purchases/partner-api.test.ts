import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { createTestApp, errorOf, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';

describeEachDatabase('partner API', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (key: string | undefined, method: 'GET' | 'POST', url: string, body?: object) =>
    fetch(`${t.selfUrl}${url}`, {
      method,
      headers: {
        ...(key && { authorization: `Bearer ${key}` }),
        ...(body && { 'content-type': 'application/json' }),
      },
      ...(body && { body: JSON.stringify(body) }),
    });

  it('buys with a key and no PIN, idempotent on requestId, and shows only the partner’s own purchases', async () => {
    const { client, password } = await fundedCustomer(t, 5_000);
    await turnOnPartnerAccess(client);
    const created = await client.post('/api/v1/api-keys', { name: 'My shop', password, pin: TEST_PIN });
    expect(created.statusCode).toBe(201);
    const { key, apiKey } = created.json<{ key: string; apiKey: { id: string; prefix: string } }>();
    expect(key.startsWith(apiKey.prefix)).toBe(true);

    const balance = await call(key, 'GET', '/api/v1/balance');
    expect(await balance.json()).toEqual({ balanceKobo: 500_000, balance: '5000.00', currency: 'NGN' });
    const services = (await (await call(key, 'GET', '/api/v1/services')).json()) as {
      services: { id: string }[];
    };
    expect(services.services.map((s) => s.id)).toEqual(
      expect.arrayContaining(['mtn', 'etisalat', 'mtn-data', 'etisalat-data']),
    );

    const body = { requestId: 'shop-order-1', serviceId: 'mtn', phone: '08011111111', amount: '150.00' };
    const first = await call(key, 'POST', '/api/v1/purchases', body);
    expect(first.status).toBe(201);
    const { purchase } = (await first.json()) as { purchase: Purchase };
    expect(purchase).toMatchObject({
      requestId: 'shop-order-1',
      status: 'delivered',
      amountKobo: 15_000,
      amount: '150.00',
      charged: '150.00',
    });
    const again = await call(key, 'POST', '/api/v1/purchases', body);
    expect(again.status).toBe(200);
    const clash = await call(key, 'POST', '/api/v1/purchases', { ...body, amount: '200' });
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { error: { code: string } }).error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const fetched = await call(key, 'GET', '/api/v1/purchases/shop-order-1');
    expect(((await fetched.json()) as { purchase: Purchase }).purchase.id).toBe(purchase.id);
    const list = (await (await call(key, 'GET', '/api/v1/purchases?limit=10')).json()) as {
      purchases: Purchase[];
      nextCursor: null;
    };
    expect(list).toEqual({
      purchases: [expect.objectContaining({ requestId: 'shop-order-1' })],
      nextCursor: null,
    });

    const { client: stranger, password: strangerPassword } = await fundedCustomer(t, 0);
    await turnOnPartnerAccess(stranger);
    const strangerKey = (
      await stranger.post('/api/v1/api-keys', { name: 'x', password: strangerPassword, pin: TEST_PIN })
    ).json<{ key: string }>().key;
    expect((await call(strangerKey, 'GET', '/api/v1/purchases/shop-order-1')).status).toBe(404);

    const revoked = await client.post(`/api/v1/api-keys/${apiKey.id}/revoke`, {});
    expect(revoked.statusCode).toBe(200);
    expect((await call(key, 'GET', '/api/v1/balance')).status).toBe(401);
    const keys = (await client.get('/api/v1/api-keys')).json<{
      apiKeys: { revokedAt: string | null; lastUsedAt: string | null }[];
    }>();
    expect(keys.apiKeys[0]?.revokedAt).not.toBeNull();
    expect(keys.apiKeys[0]?.lastUsedAt).not.toBeNull();
  });

  it('answers a replay as it was first, even once the wallet can no longer pay for it', async () => {
    const { client, password, userId } = await fundedCustomer(t, 150);
    await turnOnPartnerAccess(client);
    const { key } = (
      await client.post('/api/v1/api-keys', { name: 'My shop', password, pin: TEST_PIN })
    ).json<{ key: string }>();
    const body = { requestId: 'whole-wallet', serviceId: 'mtn', phone: '08011111111', amount: '150' };
    const first = await call(key, 'POST', '/api/v1/purchases', body);
    expect(first.status).toBe(201);
    const { purchase } = (await first.json()) as { purchase: Purchase };

    // the wallet is empty now: a new purchase is refused, the replay is not
    const replay = await call(key, 'POST', '/api/v1/purchases', body);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { purchase: Purchase }).purchase).toMatchObject({
      id: purchase.id,
      status: 'delivered',
    });
    const another = await call(key, 'POST', '/api/v1/purchases', { ...body, requestId: 'another' });
    expect(another.status).toBe(402);
    const clash = await call(key, 'POST', '/api/v1/purchases', { ...body, amount: '100' });
    expect(((await clash.json()) as { error: { code: string } }).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(0);
  });

  it('refuses missing and unknown keys with 401 UNAUTHENTICATED and bad input with field details', async () => {
    expect((await call(undefined, 'GET', '/api/v1/balance')).status).toBe(401);
    const unknown = await call('qv_not-a-real-key', 'POST', '/api/v1/purchases', {
      requestId: 'a',
      serviceId: 'mtn',
      phone: '1',
      amount: 1,
    });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');

    const { client, password } = await fundedCustomer(t, 100);
    await turnOnPartnerAccess(client);
    const key = (await client.post('/api/v1/api-keys', { name: 'k', password, pin: TEST_PIN })).json<{
      key: string;
    }>().key;
    const bad = await call(key, 'POST', '/api/v1/purchases', {
      requestId: 'bad id!',
      serviceId: 'mtn',
      phone: '08011111111',
      amount: 100,
    });
    expect(bad.status).toBe(400);
    const error = (
      (await bad.json()) as { error: { code: string; details: { fields: Record<string, string> } } }
    ).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.details.fields)).toContain('requestId');
  });

  it('cannot manage keys with a key', async () => {
    const { client, password } = await fundedCustomer(t, 0);
    await turnOnPartnerAccess(client);
    const key = (await client.post('/api/v1/api-keys', { name: 'k', password, pin: TEST_PIN })).json<{
      key: string;
    }>().key;
    expect(
      (await call(key, 'POST', '/api/v1/api-keys', { name: 'escalate', password, pin: TEST_PIN })).status,
    ).toBe(401);
    expect(errorOf(await client.post('/api/v1/api-keys', { name: '', password, pin: TEST_PIN })).code).toBe(
      'VALIDATION_FAILED',
    );
  });
});
