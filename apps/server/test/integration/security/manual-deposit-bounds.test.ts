import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminManualRequestsResponse, ManualFundingRequest } from '@quickvend/shared/api/funding';
import { messages } from '@quickvend/shared/messages';
import { kobo } from '@quickvend/shared/money';
import { MANUAL_FUNDING_MAX_KOBO, MANUAL_FUNDING_OPEN_LIMIT } from '@quickvend/shared/services';
import { newId } from '../../../src/lib/ids.ts';
import { users } from '../../../src/modules/auth/auth.tables.ts';
import { manualFundingRequests } from '../../../src/modules/funding/funding.tables.ts';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

describeEachDatabase('manual deposit requests are bounded and paged', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const made = await signUp(t.app, { name: 'Admin Ife' });
    await t.container.auth.setRole(made.userId, 'admin');
    admin = made.client;
  });
  afterAll(async () => {
    await t.close();
  });

  /** a customer whose address is confirmed, as a bank deposit needs */
  const customer = async (name?: string) => {
    const made = await signUp(t.app, name ? { name } : {});
    await t.container.db.update(users).set({ emailVerified: true }).where(eq(users.id, made.userId));
    return made;
  };
  const declare = (client: TestClient, amount: string) =>
    client.post('/api/v1/funding/manual', { depositorName: 'Musa Bello', bankName: 'Zenith', amount });
  const storedOf = async (userId: string) =>
    t.container.db.select().from(manualFundingRequests).where(eq(manualFundingRequests.userId, userId));
  const openOf = async (userId: string) =>
    t.container.db
      .select()
      .from(manualFundingRequests)
      .where(and(eq(manualFundingRequests.userId, userId), eq(manualFundingRequests.status, 'pending')));
  const listPage = async (query: string) => {
    const response = await admin.get(`/api/v1/admin/funding/manual?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminManualRequestsResponse>();
  };

  it('refuses an amount above the largest manual deposit, on the amount field, and stores nothing', async () => {
    const { client, userId } = await customer();
    const expected = messages.funding.manualAmountAtMost(MANUAL_FUNDING_MAX_KOBO);
    expect(expected).toBe(
      'A manual deposit can be at most ₦1,000,000.00. For a bigger deposit, please contact support.',
    );
    for (const amount of ['9,999,999,999,999.99', '1000000.01']) {
      const refused = await declare(client, amount);
      expect(refused.statusCode, amount).toBe(400);
      expect(errorOf(refused)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expected,
        details: { fields: { amount: expected } },
      });
    }
    expect(await storedOf(userId)).toEqual([]);

    const largest = await declare(client, '1,000,000');
    expect(largest.statusCode, largest.body).toBe(201);
    expect(largest.json<{ request: ManualFundingRequest }>().request.amountKobo).toBe(
      MANUAL_FUNDING_MAX_KOBO,
    );
  });

  it('refuses a request past the open few, and takes one again once an admin has decided one', async () => {
    const { client, userId } = await customer();
    const made: ManualFundingRequest[] = [];
    for (let i = 0; i < MANUAL_FUNDING_OPEN_LIMIT; i += 1) {
      const response = await declare(client, `${1_000 + i}`);
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json<{ request: ManualFundingRequest }>().request);
    }
    const fourth = await declare(client, '5,000');
    expect(fourth.statusCode).toBe(409);
    expect(errorOf(fourth)).toMatchObject({
      code: 'CONFLICT',
      message:
        'You already have 3 manual deposits waiting for an admin to check them. Please wait until one is checked before you send another.',
    });
    expect(await storedOf(userId)).toHaveLength(MANUAL_FUNDING_OPEN_LIMIT);

    const [first] = made;
    if (!first) throw new Error('no request made');
    const rejected = await admin.post(`/api/v1/admin/funding/manual/${first.id}/reject`, {
      reason: 'No deposit found',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const again = await declare(client, '5,000');
    expect(again.statusCode, again.body).toBe(201);
    expect(await openOf(userId)).toHaveLength(MANUAL_FUNDING_OPEN_LIMIT);
    expect(await storedOf(userId)).toHaveLength(MANUAL_FUNDING_OPEN_LIMIT + 1);
  });

  it('lets ten requests sent at once store no more than the open few', async () => {
    const { client, userId } = await customer();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => declare(client, `${2_000 + i}`)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(MANUAL_FUNDING_OPEN_LIMIT).fill(201),
      ...Array<number>(10 - MANUAL_FUNDING_OPEN_LIMIT).fill(409),
    ]);
    expect(await openOf(userId)).toHaveLength(MANUAL_FUNDING_OPEN_LIMIT);
  });

  it('keeps an honest request within reach of the back office behind 250 from a flooder', async () => {
    const flooder = await customer('Flood Account');
    // filed before the cap existed: 250 waiting, ten at each instant so pages split ties
    const since = Date.now() - 24 * 3_600_000;
    const flood = Array.from({ length: 250 }, (_, i) => ({
      id: newId('mfr'),
      userId: flooder.userId,
      depositorName: 'Flood',
      bankName: 'Flood Bank',
      amountKobo: kobo(999_999_999_999_999),
      chargeKobo: kobo(5_000),
      createdAt: new Date(since + Math.floor(i / 10) * 1_000),
    }));
    await t.container.db.insert(manualFundingRequests).values(flood);
    const honest = await customer('Honest Customer');
    const filed = await declare(honest.client, '20,000');
    expect(filed.statusCode, filed.body).toBe(201);
    const honestId = filed.json<{ request: ManualFundingRequest }>().request.id;

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let totalShown = 0;
    do {
      const page = await listPage(`status=pending&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.requests.length).toBeLessThanOrEqual(50);
      expect(page.requests.every((request) => request.status === 'pending')).toBe(true);
      seen.push(...page.requests.map((request) => request.id));
      totalShown = page.total;
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(cursor).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(totalShown);
    expect(seen).toEqual(expect.arrayContaining([...flood.map((row) => row.id), honestId]));
    // oldest first: the flood fills the first pages, and still the honest request has a page
    expect(seen.slice(0, 250)).toEqual(flood.map((row) => row.id).sort());
    expect(seen.at(-1)).toBe(honestId);

    const byCustomer = await listPage(`status=pending&user=${encodeURIComponent(honest.email)}`);
    expect(byCustomer).toMatchObject({ total: 1, nextCursor: null });
    expect(byCustomer.requests.map((request) => request.id)).toEqual([honestId]);
    expect(byCustomer.requests[0]?.user).toMatchObject({ id: honest.userId, name: 'Honest Customer' });
    const byId = await listPage(`status=pending&user=${flooder.userId}&limit=100`);
    expect(byId.total).toBe(250);
    expect(byId.nextCursor).toBe(byId.requests.at(-1)?.id);
    expect(byId.requests).toHaveLength(100);
    expect((await listPage('status=pending&user=nobody%40example.com')).total).toBe(0);

    const firstPage = await listPage('');
    expect(firstPage.requests.length).toBeLessThanOrEqual(50);
    expect(firstPage.requests[0]?.id).toBe(honestId);
    expect((await admin.get('/api/v1/admin/funding/manual?limit=101')).statusCode).toBe(400);
    const unknown = await admin.get(`/api/v1/admin/funding/manual?cursor=${newId('mfr')}`);
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe('This list has changed. Open it again from the start.');
  });
});
