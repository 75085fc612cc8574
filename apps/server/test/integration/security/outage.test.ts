import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { queryRows } from '../../../src/db/client.ts';
import { createTestApp, errorOf, TestClient, type TestApp } from '../../helpers/app.ts';
import { databaseKinds, openTestDatabase, testPostgresAddress } from '../../helpers/database.ts';
import { fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';
import { startTcpProxy } from '../../helpers/net.ts';

/** How long the database stays away (the issue's ~10 s), and how many refusals of each kind it must cause. */
const OUTAGE = { minMs: 10_000, refusalsPerKind: 5 };

type Kind = 'web purchase' | 'key purchase' | 'wallet' | 'me' | 'balance';
type Phase = 'up' | 'down' | 'restored';
type Outcome = { kind: Kind; phase: Phase; response: LightMyRequestResponse; purchase?: PurchaseRequest };
type PurchaseRequest = { requestId: string; serviceId: string; phone: string; amount: string };

describe.skipIf(!databaseKinds.includes('postgres'))('a database outage [postgres]', () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: DatabaseHandle;
  let t: TestApp;
  // the load runs until the test, or a failed test's cleanup, stops it
  let isLoading = false;
  beforeAll(async () => {
    proxy = await startTcpProxy(testPostgresAddress());
    database = await openTestDatabase('postgres', { connectThrough: proxy.address() });
    t = await createTestApp('postgres', { database });
  });
  afterAll(async () => {
    isLoading = false;
    await proxy.start().catch(() => undefined);
    await t.close();
    await database.close();
    await proxy.stop();
  });

  it('answers 503 with Retry-After while it lasts, keeps sessions, moves no money, and recovers without a restart', async () => {
    const startKobo = 1_000_000;
    const customer = await fundedCustomer(t, startKobo / 100);
    await turnOnPartnerAccess(customer.client);
    const created = await customer.client.post('/api/v1/api-keys', {
      name: 'Till',
      password: customer.password,
      pin: TEST_PIN,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = created.json<{ key: string }>();

    const outcomes: Outcome[] = [];
    let phase: Phase = 'up';
    isLoading = true;
    const web = customer.client;
    const partner = new TestClient(t.app);
    const asPartner = { authorization: `Bearer ${key}` };
    const buyOnWeb = (body: PurchaseRequest) => web.post('/api/v1/purchases', { ...body, pin: TEST_PIN });
    const buyWithKey = (body: PurchaseRequest) => partner.post('/api/v1/purchases', body, asPartner);
    const newPurchase = (): PurchaseRequest => ({
      requestId: randomUUID(),
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '50',
    });

    const requests: Record<Kind, () => Promise<Omit<Outcome, 'kind' | 'phase'>>> = {
      'web purchase': async () => {
        const purchase = newPurchase();
        return { purchase, response: await buyOnWeb(purchase) };
      },
      'key purchase': async () => {
        const purchase = newPurchase();
        return { purchase, response: await buyWithKey(purchase) };
      },
      wallet: async () => ({ response: await web.get('/api/v1/wallet') }),
      me: async () => ({ response: await web.get('/api/v1/me') }),
      balance: async () => ({ response: await partner.get('/api/v1/balance', asPartner) }),
    };
    const kinds = Object.keys(requests) as Kind[];
    const loops = kinds.map(async (kind) => {
      while (isLoading) {
        const sentIn = phase;
        const outcome = await requests[kind]();
        // a request sent before the outage and answered during it counts as the outage's
        outcomes.push({ kind, phase: sentIn === 'up' ? phase : sentIn, ...outcome });
      }
    });
    const count = (kind: Kind, status: number, during: Phase) =>
      outcomes.filter((o) => o.kind === kind && o.response.statusCode === status && o.phase === during)
        .length;

    await vi.waitFor(
      () => {
        for (const kind of kinds)
          expect(count(kind, kind.endsWith('purchase') ? 201 : 200, 'up')).toBeGreaterThan(0);
      },
      { timeout: 15_000, interval: 20 },
    );

    await proxy.stop();
    phase = 'down';
    const downAt = performance.now();
    await vi.waitFor(
      () => {
        for (const kind of kinds) {
          expect(count(kind, 503, 'down'), kind).toBeGreaterThanOrEqual(OUTAGE.refusalsPerKind);
        }
        expect(performance.now() - downAt).toBeGreaterThanOrEqual(OUTAGE.minMs);
      },
      { timeout: OUTAGE.minMs + 20_000, interval: 50 },
    );

    await proxy.start();
    phase = 'restored';
    await vi.waitFor(
      async () => {
        expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
        for (const kind of kinds) {
          expect(count(kind, kind.endsWith('purchase') ? 201 : 200, 'restored'), kind).toBeGreaterThan(0);
        }
      },
      { timeout: 20_000, interval: 50 },
    );
    isLoading = false;
    await Promise.all(loops);

    for (const { kind, phase: during, response } of outcomes) {
      const label = `${kind} (${during}): ${response.statusCode} ${response.body}`;
      expect(during === 'up' ? [200, 201] : [200, 201, 503], label).toContain(response.statusCode);
      if (response.statusCode !== 503) continue;
      const error = errorOf(response);
      expect(error.code, label).toBe('SERVICE_UNAVAILABLE');
      expect(error.message, label).toMatch(/^We can't reach our records right now\./);
      expect(error.requestId).toBe(response.headers['x-request-id']);
      expect(Number(response.headers['retry-after']), label).toBeGreaterThan(0);
    }

    // the purchases in flight when the database went away may have been recorded: asked again with the same
    // requestId, each is bought at most once
    const retried: string[] = [];
    for (const kind of ['web purchase', 'key purchase'] as const) {
      const refused = outcomes.filter((o) => o.kind === kind && o.response.statusCode === 503);
      for (const { purchase } of refused.slice(0, 3)) {
        if (!purchase) continue;
        const again = await (kind === 'web purchase' ? buyOnWeb(purchase) : buyWithKey(purchase));
        expect([200, 201], again.body).toContain(again.statusCode);
        retried.push(purchase.requestId);
      }
    }
    const copies = await queryRows<{ count: string }>(
      t.container.db,
      sql`select count(*)::text as count from purchases where request_id in (${sql.join(
        retried.map((id) => sql`${id}`),
        sql`, `,
      )}) group by request_id`,
    );
    expect(copies.map((row) => Number(row.count))).toEqual(retried.map(() => 1));

    const [charged] = await queryRows<{ total: string; count: string }>(
      t.container.db,
      sql`select coalesce(sum(charged_kobo), 0)::text as total, count(*)::text as count from purchases
          where user_id = ${customer.userId} and status <> 'failed'`,
    );
    expect(Number(charged?.count)).toBeGreaterThanOrEqual(
      outcomes.filter((o) => o.kind.endsWith('purchase') && o.response.statusCode === 201).length,
    );
    expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(
      startKobo - Number(charged?.total),
    );
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.purchases.verify()).toEqual([]);
  }, 90_000);
});
