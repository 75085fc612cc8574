import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiKey } from '@quickvend/shared/api/api-keys';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { createTestApp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { fundedPartner } from '../../helpers/partners.ts';
import { TEST_PIN } from '../../helpers/purchases.ts';

type Answer = { status: number; body: { purchase?: Purchase; error?: { code: string; message: string } } };

describeEachDatabase('a partner key’s own limits', (kind) => {
  let t: TestApp;
  // the real time (the sandbox provider dates request ids by it), moved on by a day to reach the next Lagos day
  let daysAhead = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => new Date(Date.now() + daysAhead * 86_400_000) } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function buyWith(key: string, body: Record<string, unknown>): Promise<Answer> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: { requestId: randomUUID(), phone: '08011111111', ...body },
    });
    return { status: response.statusCode, body: response.json() };
  }
  const listKeys = async (client: TestClient) =>
    (await client.get('/api/v1/api-keys')).json<{ apiKeys: ApiKey[] }>().apiKeys;

  it('refuses what would take the day over the limit and services not allowed, names the limit, and moves no money', async () => {
    const partner = await fundedPartner(t, 5_000);
    const created = await partner.client.post('/api/v1/api-keys', {
      name: 'Till',
      password: partner.password,
      pin: TEST_PIN,
      dailyLimitKobo: 30_000,
      allowedServices: ['mtn', 'glo', 'mtn'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key, apiKey } = created.json<{ key: string; apiKey: ApiKey }>();
    expect(apiKey).toMatchObject({
      dailyLimitKobo: 30_000,
      allowedServices: ['mtn', 'glo'],
      spentTodayKobo: 0,
    });

    const first = await buyWith(key, { requestId: 'limit-1', serviceId: 'mtn', amount: '150' });
    expect(first.status).toBe(201);
    expect((await buyWith(key, { serviceId: 'glo', amount: '100' })).status).toBe(201);
    const over = await buyWith(key, { serviceId: 'mtn', amount: '100' });
    expect(over.status).toBe(403);
    expect(over.body.error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This API key may spend at most ₦300.00 a day; ₦250.00 is spent today.',
    });
    // exactly up to the limit is allowed
    expect((await buyWith(key, { serviceId: 'mtn', amount: '50' })).status).toBe(201);
    // a replay spends nothing again, and is answered as it was first
    const replay = await buyWith(key, { requestId: 'limit-1', serviceId: 'mtn', amount: '150' });
    expect(replay.status).toBe(200);
    expect(replay.body.purchase?.id).toBe(first.body.purchase?.id);

    const data = await buyWith(key, { serviceId: 'mtn-data', variationCode: 'mtn-1gb-275' });
    expect(data.status).toBe(403);
    expect(data.body.error?.message).toBe(
      'This API key may not buy MTN Data. Allowed: MTN Airtime, GLO Airtime.',
    );

    expect((await listKeys(partner.client))[0]?.spentTodayKobo).toBe(30_000);
    expect(await t.container.ledger.getWalletBalance(partner.userId)).toBe(500_000 - 30_000);

    // the next Lagos day starts from nothing (the provider, on today's date, then refuses the sale: refunded)
    daysAhead = 1;
    try {
      expect((await listKeys(partner.client))[0]?.spentTodayKobo).toBe(0);
      expect((await buyWith(key, { serviceId: 'mtn', amount: '300' })).status).toBe(201);
    } finally {
      daysAhead = 0;
    }
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  it('gives a refunded purchase’s spend back, and answers a provider outage 503 in plain words', async () => {
    const partner = await fundedPartner(t, 5_000);
    const { key } = (
      await partner.client.post('/api/v1/api-keys', {
        name: 'Till',
        password: partner.password,
        pin: TEST_PIN,
        dailyLimitKobo: 20_000,
      })
    ).json<{ key: string }>();
    const vtpass = t.simulators.vtpass;
    if (!vtpass) throw new Error('no simulator');
    const float = await vtpass.floatKobo();
    await vtpass.setFloatKobo(0);
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/purchases',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: { requestId: 'outage-1', serviceId: 'mtn', phone: '08011111111', amount: '200' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('60');
      expect(response.json<Answer['body']>().error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'This service is temporarily unavailable. Please retry later.',
      });
      expect(response.body).not.toMatch(/wallet balance/i);
      // the same requestId again: answered the same, nothing spent again
      const again = await buyWith(key, { requestId: 'outage-1', serviceId: 'mtn', amount: '200' });
      expect(again.status).toBe(503);
      // the web customer reads the same plain words on the refunded purchase
      const listed = (await partner.client.get('/api/v1/purchases/outage-1')).json<{ purchase: Purchase }>();
      expect(listed.purchase).toMatchObject({
        status: 'failed',
        message: 'This service is temporarily unavailable. Please retry later.',
      });
    } finally {
      await vtpass.setFloatKobo(float);
    }
    expect(await t.container.ledger.getWalletBalance(partner.userId)).toBe(500_000);
    expect((await listKeys(partner.client))[0]?.spentTodayKobo).toBe(0);
    expect((await buyWith(key, { serviceId: 'mtn', amount: '200' })).status).toBe(201);
  });

  it('lets the owner change the limits with the password and PIN, at once in every request', async () => {
    const partner = await fundedPartner(t, 5_000);
    const { key, apiKey } = (
      await partner.client.post('/api/v1/api-keys', {
        name: 'Till',
        password: partner.password,
        pin: TEST_PIN,
        allowedServices: ['glo'],
      })
    ).json<{ key: string; apiKey: ApiKey }>();
    expect((await buyWith(key, { serviceId: 'mtn', amount: '100' })).status).toBe(403);
    const url = `/api/v1/api-keys/${apiKey.id}/limits`;
    const limits = { dailyLimitKobo: 15_000, allowedServices: ['mtn'] };

    const wrong = await partner.client.put(url, { ...limits, password: 'not it', pin: TEST_PIN });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ error: { code: string } }>().error.code).toBe('INVALID_CREDENTIALS');
    const noPin = await partner.client.put(url, { ...limits, password: partner.password });
    expect(noPin.statusCode).toBe(400);

    const changed = await partner.client.put(url, { ...limits, password: partner.password, pin: TEST_PIN });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ apiKey: ApiKey }>().apiKey).toMatchObject(limits);
    expect((await buyWith(key, { serviceId: 'mtn', amount: '100' })).status).toBe(201);
    expect((await buyWith(key, { serviceId: 'glo', amount: '50' })).status).toBe(403);
    expect((await buyWith(key, { serviceId: 'mtn', amount: '60' })).status).toBe(403);

    const stranger = await fundedPartner(t, 0);
    const notTheirs = await stranger.client.put(url, {
      ...limits,
      password: stranger.password,
      pin: TEST_PIN,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(
      (await partner.client.put(url, { ...limits, dailyLimitKobo: 0, password: partner.password }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await partner.client.put(url, {
          ...limits,
          allowedServices: ['nope'],
          password: partner.password,
        })
      ).statusCode,
    ).toBe(400);

    await partner.client.post(`/api/v1/api-keys/${apiKey.id}/revoke`, {});
    const revoked = await partner.client.put(url, { ...limits, password: partner.password, pin: TEST_PIN });
    expect(revoked.statusCode).toBe(409);
  });

  it('holds each partner to its requests a second, with Retry-After and a message naming the limit', async () => {
    // a clock that stands still: every request falls in one second, however slow the machine
    const second = new Date('2026-03-10T10:00:00.000Z');
    const limited = await createTestApp(kind, { partnerRequestsPerSecond: 3, clock: { now: () => second } });
    try {
      const partner = await fundedPartner(limited, 100);
      const { key } = (
        await partner.client.post('/api/v1/api-keys', {
          name: 'T',
          password: partner.password,
          pin: TEST_PIN,
        })
      ).json<{ key: string }>();
      const ask = () =>
        limited.app.inject({
          method: 'GET',
          url: '/api/v1/balance',
          headers: { authorization: `Bearer ${key}` },
        });
      const answers = await Promise.all(Array.from({ length: 8 }, ask));
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
      expect(refused).toHaveLength(5);
      expect(refused[0]?.headers['retry-after']).toBe('1');
      expect(refused[0]?.json<Answer['body']>().error).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'This account may make at most 3 API requests a second. Please wait a moment and retry.',
      });
      // the web session is not a partner's key: not counted
      expect((await partner.client.get('/api/v1/balance')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
