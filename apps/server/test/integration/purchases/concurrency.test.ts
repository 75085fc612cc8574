import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import { createTestApp, errorOf, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';

// On PostgreSQL these requests really run in parallel; PGlite would serialise them and hide races.
describeEachDatabase('purchases under concurrency', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // a generous provider timeout: under this load a slow answer must not turn into pending
    t = await createTestApp(kind, { providerTimeoutMs: 30_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('300 concurrent ₦100 airtime purchases on ₦10,000: exactly 100 delivered, 200 refused, ₦0.00 left', async () => {
    const { client, userId } = await fundedCustomer(t, 10_000);
    const neighbour = await fundedCustomer(t, 1_000);
    const [results, neighbours] = await Promise.all([
      Promise.all(
        Array.from({ length: 300 }, () =>
          buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '100' }),
        ),
      ),
      // one customer's burst waits its own turn and never holds everyone else's database connections
      buy(neighbour.client, { serviceId: 'glo', phone: '08011111111', amount: '100' }),
    ]);
    expect(neighbours.purchase?.status).toBe('delivered');
    const delivered = results.filter((r) => r.purchase?.status === 'delivered');
    const refused = results.filter((r) => r.response.statusCode === 402);
    expect(delivered).toHaveLength(100);
    expect(refused).toHaveLength(200);
    for (const r of refused) expect(errorOf(r.response).message).toBe(messages.purchase.insufficientBalance);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(0);
    const { lines } = await t.container.ledger.listWalletLines(userId, { limit: 500 });
    expect(lines.every((line) => line.balanceAfterKobo >= 0)).toBe(true);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.purchases.verify()).toEqual([]);
  });

  it('a wrong PIN is refused and moves nothing; 100 concurrent wrong guesses count as at most 5 and lock', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const wrong = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '100', pin: '9071' });
    expect(wrong.response.statusCode).toBe(403);
    expect(errorOf(wrong.response)).toMatchObject({ code: 'PIN_INCORRECT', details: { attemptsLeft: 4 } });

    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        buy(client, {
          serviceId: 'mtn',
          phone: '08011111111',
          amount: '100',
          pin: String(1000 + i * 37).slice(-4) === TEST_PIN ? '0000' : String(1000 + i * 37).slice(-4),
        }),
      ),
    );
    const incorrect = guesses.filter((g) => errorOf(g.response).code === 'PIN_INCORRECT');
    const locked = guesses.filter((g) => errorOf(g.response).code === 'PIN_LOCKED');
    expect(incorrect.length).toBeLessThanOrEqual(3);
    expect(incorrect.length + locked.length).toBe(100);
    expect(locked.length).toBeGreaterThanOrEqual(97);

    const right = await buy(client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
      requestId: randomUUID(),
    });
    expect(right.response.statusCode).toBe(423);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(100_000);
    const status = (await client.get('/api/v1/pin')).json<{ hasPin: boolean; lockedUntil: string | null }>();
    expect(status.hasPin).toBe(true);
    expect(status.lockedUntil).not.toBeNull();
  });

  it('concurrent purchases with the right PIN never lock their owner out', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '50' })),
    );
    expect(results.every((r) => r.purchase?.status === 'delivered')).toBe(true);
  });

  it('refuses trivial PINs and needs the current PIN to change it', async () => {
    const { client } = await fundedCustomer(t, 0);
    for (const pin of ['1111', '1234', '4321', '0000', '12345', 'abcd']) {
      const response = await client.post('/api/v1/pin', { pin, currentPin: TEST_PIN });
      expect(response.statusCode, pin).toBe(400);
    }
    expect((await client.post('/api/v1/pin', { pin: '5937' })).statusCode).toBe(403);
    expect((await client.post('/api/v1/pin', { pin: '5937', currentPin: TEST_PIN })).statusCode).toBe(200);
  });

  it('forgets a PIN proved right once it is changed', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const before = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '50' });
    expect(before.purchase?.status).toBe('delivered');
    expect((await client.post('/api/v1/pin', { pin: '5937', currentPin: TEST_PIN })).statusCode).toBe(200);
    const old = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '50' });
    expect(errorOf(old.response).code).toBe('PIN_INCORRECT');
    const fresh = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '50', pin: '5937' });
    expect(fresh.purchase?.status).toBe('delivered');
  });
});
