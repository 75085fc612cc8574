import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { purchases } from '../../../src/db/schema.ts';
import { createTestApp, errorOf, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, resolvePending } from '../../helpers/purchases.ts';

describeEachDatabase('purchase engine with the sandbox numbers', (kind) => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => now } });
  });
  afterAll(async () => {
    await t.close();
  });

  const balanceOf = (userId: string) => t.container.ledger.getWalletBalance(userId);
  const purchaseOf = async (client: TestClient, requestId: string) =>
    (await client.get(`/api/v1/purchases/${requestId}`)).json<{ purchase: Purchase }>().purchase;
  const sound = async () => {
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.purchases.verify()).toEqual([]);
  };

  it('delivers to 08011111111, charging the wallet once and settling the hold with the provider', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const { response, purchase } = await buy(client, {
      serviceId: 'mtn',
      phone: '0801 111 1111',
      amount: '100',
    });
    expect(response.statusCode).toBe(201);
    expect(purchase).toMatchObject({
      status: 'delivered',
      phone: '08011111111',
      amountKobo: 10_000,
      chargedKobo: 10_000,
      balanceAfterKobo: 90_000,
      kind: 'airtime',
      serviceName: 'MTN Airtime',
    });
    expect(purchase?.transactionId).toBeTruthy();
    expect(purchase?.providerRequestId).toMatch(/^\d{12}[A-Za-z0-9]+$/);
    expect(await balanceOf(userId)).toBe(90_000);
    const wallet = (await client.get('/api/v1/wallet')).json<{ breakdown: { usedKobo: number } }>();
    expect(wallet.breakdown.usedKobo).toBe(10_000);
    await sound();
  });

  it('refunds at once when the provider says failed', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const { response, purchase } = await buy(client, {
      serviceId: 'glo',
      phone: '08051234567',
      amount: '250',
    });
    expect(response.statusCode).toBe(201);
    expect(purchase).toMatchObject({
      status: 'failed',
      amountKobo: 25_000,
      chargedKobo: 0,
      charged: '0.00',
      refundedKobo: 25_000,
      refunded: '250.00',
      balanceAfterKobo: 100_000,
    });
    expect(await balanceOf(userId)).toBe(100_000);
    await sound();
  });

  it('a purchase refunded after others were bought tells the wallet balance once its money came back', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const { purchase: pending } = await buy(client, {
      serviceId: 'mtn',
      phone: '201000000000',
      amount: '100',
    });
    expect(pending).toMatchObject({
      status: 'pending',
      chargedKobo: 10_000,
      refundedKobo: 0,
      balanceAfterKobo: 90_000,
    });
    const { purchase: delivered } = await buy(client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '300',
    });
    expect(delivered).toMatchObject({ status: 'delivered', chargedKobo: 30_000, balanceAfterKobo: 60_000 });
    const [row] = await t.container.db
      .select()
      .from(purchases)
      .where(eq(purchases.requestId, pending?.requestId ?? ''));
    await t.container.purchases.actions.refund(row?.id ?? '', {
      message: 'The provider could not deliver it.',
    });
    const refunded = await purchaseOf(client, pending?.requestId ?? '');
    expect(refunded).toMatchObject({
      status: 'failed',
      chargedKobo: 0,
      refundedKobo: 10_000,
      balanceAfterKobo: 70_000,
    });
    expect(await balanceOf(userId)).toBe(70_000);
    const header = (await client.get('/api/v1/balance')).json<{ balanceKobo: number }>();
    expect(header.balanceKobo).toBe(refunded.balanceAfterKobo);
    await sound();
  });

  it('keeps 201000000000 pending, then delivers it when the provider calls back and a requery confirms', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '100' });
    expect(purchase?.status).toBe('pending');
    expect(await balanceOf(userId)).toBe(90_000);
    await resolvePending(t, purchase);
    await vi.waitFor(
      async () => {
        expect((await purchaseOf(client, purchase?.requestId ?? '')).status).toBe('delivered');
      },
      {
        timeout: 20_000,
        interval: 200,
      },
    );
    expect(await balanceOf(userId)).toBe(90_000);
    await sound();
  });

  it('promises a pending purchase a deadline, asks the provider again exactly then, and escalates it if still pending', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '100' });
    expect(purchase?.status).toBe('pending');
    const promised = Date.parse(purchase?.resolveBy ?? '');
    expect(promised).toBe(now.getTime() + 30 * 60_000);
    const rowOf = async () => {
      const [row] = await t.container.db
        .select()
        .from(purchases)
        .where(eq(purchases.id, purchase?.id ?? ''));
      return row;
    };

    // the backoff would wait 30 s more; the deadline comes first, so the next requery falls on it
    const deadline = new Date(now.getTime() + 10_000);
    await t.container.db
      .update(purchases)
      .set({ resolveBy: deadline })
      .where(eq(purchases.id, purchase?.id ?? ''));
    await t.container.purchases.recheck(purchase?.id ?? '');
    expect((await rowOf())?.nextCheckAt).toEqual(deadline);
    expect((await rowOf())?.flaggedAt).toBeNull();

    const before = now;
    now = new Date(deadline.getTime() + 1_000);
    try {
      await t.container.purchases.recheck(purchase?.id ?? '');
    } finally {
      now = before;
    }
    const escalated = await purchaseOf(client, purchase?.requestId ?? '');
    expect(escalated.status).toBe('pending');
    expect(escalated.message).toBe(
      'This is taking longer than it should. Our team is checking it with the provider now. You will get it, or your money back.',
    );
    expect((await rowOf())?.flaggedAt).toEqual(new Date(deadline.getTime() + 1_000));
    // the customer hears of it once, in the inbox, beside the first "being confirmed"
    await vi.waitFor(async () => {
      const inbox = (await client.get('/api/v1/notifications')).json<{
        notifications: { title: string; body: string; category: string }[];
      }>();
      const aboutPurchases = inbox.notifications.filter((notice) => notice.category === 'purchases');
      expect(aboutPurchases.map((notice) => notice.title)).toEqual([
        'MTN Airtime is taking longer',
        'MTN Airtime is being confirmed',
      ]);
      // what the first notice promised for the deadline is what happened: our team took it up and said so
      expect(aboutPurchases[1]?.body).toContain(
        'If the network has still not answered by then, our team takes it up and tells you.',
      );
      expect(aboutPurchases[0]?.body).toBe(
        'MTN Airtime to 201000000000 is not confirmed yet; your ₦100.00 is still held, not spent. This is taking longer than it should. Our team is checking it with the provider now. You will get it, or your money back.',
      );
    });

    await resolvePending(t, purchase);
    await vi.waitFor(
      async () => {
        expect((await purchaseOf(client, purchase?.requestId ?? '')).status).toBe('delivered');
      },
      { timeout: 20_000, interval: 200 },
    );
    expect((await purchaseOf(client, purchase?.requestId ?? '')).resolveBy).toBeNull();
    await sound();
  });

  it.each([
    ['an unexpected answer', '500000000000'],
    ['no answer at all', '400000000000'],
    ['a timeout', '300000000000'],
  ])(
    'treats %s as pending, never refunding while the provider has it, and delivers on requery',
    async (_label, phone) => {
      const { client, userId } = await fundedCustomer(t, 1_000);
      const { purchase } = await buy(client, { serviceId: 'airtel', phone, amount: '100' });
      expect(purchase?.status).toBe('pending');
      expect(await balanceOf(userId)).toBe(90_000);
      const [row] = await t.container.db
        .select()
        .from(purchases)
        .where(eq(purchases.requestId, purchase?.requestId ?? ''));
      await t.container.purchases.recheck(row?.id ?? '');
      expect((await purchaseOf(client, purchase?.requestId ?? '')).status).toBe('delivered');
      expect(await balanceOf(userId)).toBe(90_000);
      await sound();
    },
  );

  it('refunds a purchase the provider never received, but only after a grace period', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '100' });
    const [row] = await t.container.db
      .select()
      .from(purchases)
      .where(eq(purchases.requestId, purchase?.requestId ?? ''));
    const id = row?.id ?? '';
    // as if the call had never reached the provider
    await t.container.db
      .update(purchases)
      .set({ providerRequestId: `202601010000NEVERSENT${Date.now()}` })
      .where(eq(purchases.id, id));
    await t.container.purchases.recheck(id);
    expect((await purchaseOf(client, purchase?.requestId ?? '')).status).toBe('pending');
    expect(await balanceOf(userId)).toBe(90_000);

    now = new Date(Date.now() + 6 * 60_000);
    await t.container.purchases.recheck(id);
    now = new Date();
    expect((await purchaseOf(client, purchase?.requestId ?? '')).status).toBe('failed');
    expect(await balanceOf(userId)).toBe(100_000);
    await t.container.purchases.recheck(id);
    expect(await balanceOf(userId)).toBe(100_000);
    await sound();
  });

  it('buys a data plan at the catalogue price, whatever amount the caller sends', async () => {
    const { client, userId } = await fundedCustomer(t, 2_000);
    const plans = (await client.get('/api/v1/services/mtn-data/variations')).json<{
      variations: { code: string; amountKobo: number; name: string }[];
    }>().variations;
    expect(plans.length).toBeGreaterThan(3);
    const plan = plans.find((p) => p.amountKobo === 27_500) ?? plans[0];
    if (!plan) throw new Error('no plans');
    const { purchase } = await buy(client, {
      serviceId: 'mtn-data',
      phone: '08011111111',
      variationCode: plan.code,
      amount: '1',
    });
    expect(purchase).toMatchObject({
      status: 'delivered',
      chargedKobo: plan.amountKobo,
      planName: plan.name,
      kind: 'data',
    });
    expect(await balanceOf(userId)).toBe(200_000 - plan.amountKobo);
    await sound();
  });

  it('answers bad input with the exact messages, moving no money', async () => {
    const { client, userId } = await fundedCustomer(t, 50);
    const cases: [object, number, string][] = [
      [{ serviceId: 'mtn', phone: '', amount: '100' }, 400, 'Error: All fields are required.'],
      [{ serviceId: 'mtn', phone: '08031234567' }, 400, 'Error: All fields are required.'],
      [{ serviceId: 'mtn', phone: '0803', amount: '100' }, 400, 'Error: Invalid phone number.'],
      [{ serviceId: 'mtn', phone: '08031234567', amount: 'abc' }, 400, 'Error: Invalid amount.'],
      [{ serviceId: 'mtn', phone: '08031234567', amount: '-5' }, 400, 'Error: Invalid amount.'],
      [{ serviceId: 'mtn', phone: '08031234567', amount: '20' }, 400, 'The minimum amount is ₦50.00.'],
      [{ serviceId: 'mtn', phone: '08011111111', amount: '100' }, 402, 'Error: Insufficient wallet balance.'],
      [
        { serviceId: 'mtn-data', phone: '08031234567', variationCode: 'no-such-plan' },
        400,
        'Error: Invalid data plan.',
      ],
      [{ serviceId: 'mtn-data', phone: '0803123', variationCode: 'x' }, 400, 'Error: Invalid phone number.'],
      [{ serviceId: 'bitcoin', phone: '08031234567', amount: '100' }, 422, 'We do not sell that service.'],
    ];
    for (const [body, status, message] of cases) {
      const { response } = await buy(client, body as { serviceId: string; phone: string });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(response).message).toBe(message);
    }
    expect(await balanceOf(userId)).toBe(5_000);
    expect((await client.get('/api/v1/purchases')).json<{ purchases: Purchase[] }>().purchases).toEqual([]);
  });

  it('returns the same purchase for a repeated key, and refuses the key with a different body', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const requestId = randomUUID();
    const first = await buy(client, { requestId, serviceId: 'mtn', phone: '08011111111', amount: '100' });
    const again = await buy(client, { requestId, serviceId: 'mtn', phone: '08011111111', amount: '100' });
    expect(first.response.statusCode).toBe(201);
    expect(again.response.statusCode).toBe(200);
    expect(again.purchase?.id).toBe(first.purchase?.id);
    const different = await buy(client, { requestId, serviceId: 'mtn', phone: '08011111111', amount: '200' });
    expect(different.response.statusCode).toBe(409);
    expect(errorOf(different.response).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balanceOf(userId)).toBe(90_000);
  });

  it('the same key sent 20 times at once makes one purchase and one debit', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const requestId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        buy(client, { requestId, serviceId: 'mtn', phone: '08011111111', amount: '100' }),
      ),
    );
    expect(results.every((r) => r.response.statusCode === 200 || r.response.statusCode === 201)).toBe(true);
    expect(results.filter((r) => r.response.statusCode === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.purchase?.id)).size).toBe(1);
    expect(await balanceOf(userId)).toBe(90_000);
    await sound();
  });

  it('lists purchases newest first, a page at a time, filtered by service and status, only the caller’s', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    for (const [serviceId, phone] of [
      ['mtn', '08011111111'],
      ['glo', '08051234567'],
      ['airtel', '08011111111'],
    ] as const) {
      await buy(client, { serviceId, phone, amount: '100' });
    }
    const page = (await client.get('/api/v1/purchases?limit=2')).json<{
      purchases: Purchase[];
      nextCursor: string;
    }>();
    expect(page.purchases.map((p) => p.serviceId)).toEqual(['airtel', 'glo']);
    const rest = (await client.get(`/api/v1/purchases?limit=2&cursor=${page.nextCursor}`)).json<{
      purchases: Purchase[];
    }>();
    expect(rest.purchases.map((p) => p.serviceId)).toEqual(['mtn']);
    const failed = (await client.get('/api/v1/purchases?status=failed')).json<{ purchases: Purchase[] }>();
    expect(failed.purchases.map((p) => p.serviceId)).toEqual(['glo']);
    const { client: other } = await fundedCustomer(t, 0);
    expect((await other.get('/api/v1/purchases')).json<{ purchases: Purchase[] }>().purchases).toEqual([]);
    expect((await other.get(`/api/v1/purchases/${page.purchases[0]?.requestId ?? ''}`)).statusCode).toBe(404);
  });
});

describeEachDatabase('purchases pending for a day', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('are flagged for admins, and only admins see the list', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '100' });
    expect(purchase?.status).toBe('pending');
    const [row] = await t.container.db
      .select()
      .from(purchases)
      .where(eq(purchases.requestId, purchase?.requestId ?? ''));
    const id = row?.id ?? '';
    await t.container.purchases.recheck(id);
    expect((await t.container.purchases.listFlagged()).map((p) => p.id)).not.toContain(id);

    await t.container.db
      .update(purchases)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(purchases.id, id));
    await t.container.purchases.recheck(id);

    const { client: admin, userId } = await fundedCustomer(t, 0);
    expect((await admin.get('/api/v1/admin/purchases/flagged')).statusCode).toBe(403);
    await t.container.auth.setRole(userId, 'admin');
    const flagged = (await admin.get('/api/v1/admin/purchases/flagged')).json<{ purchases: Purchase[] }>()
      .purchases;
    expect(flagged.map((p) => p.requestId)).toEqual([purchase?.requestId]);
  });
});
