import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBalanceMessages } from '@quickvend/shared/api/api-keys';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { registerVtpassSimulator } from '../../../src/providers/simulators/vtpass/vtpass-simulator.ts';
import { eq } from 'drizzle-orm';
import { kobo } from '@quickvend/shared/money';
import { users } from '../../../src/modules/auth/auth.tables.ts';
import { createTestApp, signUp, testConfig, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { fundedPartner } from '../../helpers/partners.ts';
import { TEST_PIN } from '../../helpers/purchases.ts';
import { newAdmin } from '../../helpers/admins.ts';
import { TEST_TOP_UPS_PER_HOUR } from '../../../src/modules/partners/index.ts';

type Partner = Awaited<ReturnType<typeof fundedPartner>>;

function keysOf(t: TestApp) {
  const call = async (key: string, method: 'GET' | 'POST', url: string, body?: object) => {
    const response = await fetch(`${t.selfUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const makeKey = async (partner: Partner, mode?: 'live' | 'test') => {
    const created = await partner.client.post('/api/v1/api-keys', {
      name: `${mode ?? 'default'} key`,
      password: partner.password,
      pin: TEST_PIN,
      ...(mode && { mode }),
    });
    if (created.statusCode !== 201) throw new Error(`key not made: ${created.body}`);
    return created.json<{ key: string; apiKey: { mode: string; prefix: string } }>();
  };
  const balanceOf = async (key: string) => (await call(key, 'GET', '/api/v1/balance')).body['balanceKobo'];
  return { call, makeKey, balanceOf };
}

const airtime = (requestId: string) => ({ requestId, serviceId: 'mtn', phone: '08011111111', amount: '100' });

describeEachDatabase('test keys beside live keys', (kind) => {
  let t: TestApp;
  let keys: ReturnType<typeof keysOf>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    keys = keysOf(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the mode in the key and the list; a key made before modes is live', async () => {
    const partner = await fundedPartner(t, 1_000);
    const live = await keys.makeKey(partner, 'live');
    const test = await keys.makeKey(partner, 'test');
    const unnamed = await keys.makeKey(partner);
    expect(live.key).toMatch(/^qv_live_[\w-]{43}$/);
    expect(test.key).toMatch(/^qv_test_[\w-]{43}$/);
    expect(unnamed.apiKey.mode).toBe('live');
    expect(test.key.startsWith(test.apiKey.prefix)).toBe(true);
    const listed = (await partner.client.get('/api/v1/api-keys')).json<{ apiKeys: { mode: string }[] }>();
    expect(listed.apiKeys.map((key) => key.mode).sort()).toEqual(['live', 'live', 'test']);
  });

  it('spends a test balance of its own: the live wallet and the books never move', async () => {
    const partner = await fundedPartner(t, 1_000);
    const live = (await keys.makeKey(partner, 'live')).key;
    const test = (await keys.makeKey(partner, 'test')).key;
    const liabilities = (await t.container.float.status()).liabilitiesKobo;

    expect(await keys.balanceOf(test)).toBe(0);
    const topUp = await keys.call(test, 'POST', '/api/v1/test-balance/top-up', { amount: '5000' });
    expect(topUp).toEqual({
      status: 200,
      body: { balanceKobo: 500_000, balance: '5000.00', currency: 'NGN' },
    });

    const bought = await keys.call(test, 'POST', '/api/v1/purchases', airtime('order-1'));
    expect(bought.status).toBe(201);
    expect(bought.body['purchase']).toMatchObject({ status: 'delivered', chargedKobo: 10_000 });
    expect(await keys.balanceOf(test)).toBe(490_000);
    expect(await keys.balanceOf(live)).toBe(100_000);
    expect(await t.container.ledger.getWalletBalance(partner.userId)).toBe(100_000);
    // the same requestId is the live key's own: a test order never answers a live one
    const liveBought = await keys.call(live, 'POST', '/api/v1/purchases', airtime('order-1'));
    expect(liveBought.status).toBe(201);
    expect(await keys.balanceOf(live)).toBe(90_000);
    expect(await keys.balanceOf(test)).toBe(490_000);

    const listOf = async (key: string) =>
      ((await keys.call(key, 'GET', '/api/v1/purchases')).body['purchases'] as Purchase[]).map((p) => p.id);
    const testPurchase = (bought.body['purchase'] as Purchase).id;
    const livePurchase = (liveBought.body['purchase'] as Purchase).id;
    expect(await listOf(test)).toEqual([testPurchase]);
    expect(await listOf(live)).toEqual([livePurchase]);

    // customers' money (the business's liability) grew by nothing but the live purchase's spend
    expect((await t.container.float.status()).liabilitiesKobo).toBe(liabilities - 10_000);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.purchases.verify()).toEqual([]);
  });

  it('tops up only through a test key or the partner, and never past the cap', async () => {
    const partner = await fundedPartner(t, 100);
    const live = (await keys.makeKey(partner, 'live')).key;
    const refused = await keys.call(live, 'POST', '/api/v1/test-balance/top-up', { amount: '100' });
    expect(refused.status).toBe(403);
    expect(refused.body['error']).toMatchObject({ code: 'FORBIDDEN', message: testBalanceMessages.liveKey });
    expect(await keys.balanceOf(live)).toBe(10_000);

    // the partner tops up in the web app before making any test key
    const web = await partner.client.post('/api/v1/test-balance/top-up', { amount: '2,500' });
    expect(web.json()).toMatchObject({ balanceKobo: 250_000 });
    expect((await partner.client.get('/api/v1/test-balance')).json()).toMatchObject({ balanceKobo: 250_000 });
    const test = (await keys.makeKey(partner, 'test')).key;
    expect(await keys.balanceOf(test)).toBe(250_000);

    const tooMuch = await keys.call(test, 'POST', '/api/v1/test-balance/top-up', { amount: '9999999' });
    expect(tooMuch.status).toBe(409);
    expect(await keys.balanceOf(test)).toBe(250_000);
    const bad = await keys.call(test, 'POST', '/api/v1/test-balance/top-up', { amount: '-5' });
    expect(bad.status).toBe(400);
  });

  it('tops up at most TEST_TOP_UPS_PER_HOUR times an hour: each one is a ledger entry', async () => {
    const partner = await fundedPartner(t, 0);
    const test = (await keys.makeKey(partner, 'test')).key;
    for (let i = 0; i < TEST_TOP_UPS_PER_HOUR; i += 1) {
      expect((await keys.call(test, 'POST', '/api/v1/test-balance/top-up', { amount: '1' })).status).toBe(
        200,
      );
    }
    const refused = await keys.call(test, 'POST', '/api/v1/test-balance/top-up', { amount: '1' });
    expect(refused.status).toBe(429);
    expect(await keys.balanceOf(test)).toBe(TEST_TOP_UPS_PER_HOUR * 100);
  });

  it('stops a suspended partner’s test keys with the rest', async () => {
    const partner = await fundedPartner(t, 0);
    const test = (await keys.makeKey(partner, 'test')).key;
    expect((await keys.call(test, 'GET', '/api/v1/balance')).status).toBe(200);
    const admin = await newAdmin(t, 'Suspending Admin');
    const suspended = await admin.client.post(`/api/v1/admin/users/${partner.userId}/suspend`, {
      reason: 'Chargebacks',
    });
    expect(suspended.statusCode).toBe(200);
    await expect.poll(async () => (await keys.call(test, 'GET', '/api/v1/balance')).status).toBe(403);
  });
});

describe('test keys in live mode', () => {
  let t: TestApp;
  let keys: ReturnType<typeof keysOf>;
  // VTpass as the live deployment reaches it: a simulator of its own, apart from the one test keys buy from
  const vtpass = Fastify();
  const liveVtpass = registerVtpassSimulator(vtpass, {
    prefix: '/api',
    apiKey: testConfig.vtpass.apiKey,
    publicKey: testConfig.vtpass.publicKey,
    secretKey: testConfig.vtpass.secretKey,
    callbackUrl: 'http://127.0.0.1:9/none',
    duplicateWindowMs: 0,
  });
  beforeAll(async () => {
    const address = await vtpass.listen({ host: '127.0.0.1', port: 0 });
    t = await createTestApp('pglite', {
      config: {
        providerMode: 'live',
        smtpUrl: 'smtp://127.0.0.1:9',
        vtpass: { ...testConfig.vtpass, baseUrl: `${address}/api` },
        paystack: { ...testConfig.paystack, baseUrl: 'http://127.0.0.1:9/paystack' },
      },
    });
    keys = keysOf(t);
  });
  afterAll(async () => {
    await t.close();
    await vtpass.close();
  });

  /** No mailbox in live mode: the address is confirmed as the link in the mail would. */
  async function livePartner(): Promise<Partner> {
    const customer = await signUp(t.app);
    await t.container.db.update(users).set({ emailVerified: true }).where(eq(users.id, customer.userId));
    await t.container.ledger.adjustWallet({
      userId: customer.userId,
      direction: 'credit',
      amountKobo: kobo(100_000),
      reason: 'test funds',
      actor: 'test',
    });
    expect((await customer.client.post('/api/v1/pin', { pin: TEST_PIN })).statusCode).toBe(200);
    const access = await customer.client.put('/api/v1/profile/partner-access', { enabled: true });
    expect(access.statusCode).toBe(200);
    return customer;
  }

  it('sells a live key’s purchase through the provider and a test key’s through the simulator only', async () => {
    const partner = await livePartner();
    const live = (await keys.makeKey(partner, 'live')).key;
    const test = (await keys.makeKey(partner, 'test')).key;
    await keys.call(test, 'POST', '/api/v1/test-balance/top-up', { amount: '1000' });
    const float = await liveVtpass.floatKobo();

    const testBought = await keys.call(test, 'POST', '/api/v1/purchases', airtime('t-1'));
    expect(testBought.body['purchase']).toMatchObject({ status: 'delivered' });
    expect(await liveVtpass.floatKobo()).toBe(float);

    const liveBought = await keys.call(live, 'POST', '/api/v1/purchases', airtime('l-1'));
    expect(liveBought.body['purchase']).toMatchObject({ status: 'delivered' });
    expect(await liveVtpass.floatKobo()).toBeLessThan(float);
    expect(await keys.balanceOf(test)).toBe(90_000);
    expect(await keys.balanceOf(live)).toBe(90_000);
  });
});
