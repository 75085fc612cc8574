import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminPurchasesResponse, PurchasesSummary } from '@quickvend/shared/api/admin-purchases';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { lagosClock } from '@quickvend/shared/format';
import { kobo } from '@quickvend/shared/money';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';

const DAY_MS = 24 * 60 * 60_000;

describeEachDatabase('the back office finds any purchase', (kind) => {
  let t: TestApp;
  let now = new Date();
  let admin: TestClient;
  let ada: Awaited<ReturnType<typeof fundedCustomer>>;
  let partner: Awaited<ReturnType<typeof fundedCustomer>>;
  const bought: Record<'airtime' | 'failed' | 'pending' | 'meter' | 'api', Purchase> = {} as never;

  const lagosDay = (date: Date) => {
    const { year, month, day } = lagosClock(date);
    return `${year}-${month}-${day}`;
  };
  const search = async (query: string) => {
    const response = await admin.get(`/api/v1/admin/purchases?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminPurchasesResponse>();
  };
  const ids = async (query: string) => (await search(query)).purchases.map((p) => p.id).sort();
  const idsOf = (...purchases: Purchase[]) => purchases.map((p) => p.id).sort();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => now } });
    ada = await fundedCustomer(t, 10_000);
    partner = await fundedCustomer(t, 10_000);
    const made = async (client: TestClient, body: Parameters<typeof buy>[1]) => {
      const { purchase, response } = await buy(client, body);
      if (!purchase) throw new Error(response.body);
      return purchase;
    };
    bought.airtime = await made(ada.client, { serviceId: 'mtn', phone: '08011111111', amount: '100' });
    bought.failed = await made(ada.client, { serviceId: 'glo', phone: '08051234567', amount: '250' });
    bought.pending = await made(ada.client, { serviceId: 'mtn', phone: '201000000000', amount: '300' });
    bought.meter = await made(ada.client, {
      serviceId: 'ikeja-electric',
      billersCode: '1111111111111',
      type: 'prepaid',
      phone: '08031234567',
      amount: '1000',
    });
    await turnOnPartnerAccess(partner.client);
    const keyResponse = await partner.client.post('/api/v1/api-keys', {
      name: 'shop',
      password: partner.password,
      pin: TEST_PIN,
    });
    const { key } = keyResponse.json<{ key: string }>();
    const viaKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: { requestId: 'partner-1', serviceId: 'airtel', phone: '08011111111', amount: '500' },
    });
    expect(viaKey.statusCode, viaKey.body).toBe(201);
    bought.api = viaKey.json<{ purchase: Purchase }>().purchase;
    expect(bought.failed.status).toBe('failed');
    expect(bought.pending.status).toBe('pending');

    const made2 = await signUp(t.app);
    await t.container.auth.setRole(made2.userId, 'admin');
    admin = made2.client;
  });
  afterAll(async () => {
    await t.close();
  });

  it('filters by status, service, channel, customer, number and both references', async () => {
    const everything = await search('');
    expect(everything.total).toBe(5);
    expect(everything.purchases[0]).toMatchObject({
      id: bought.api.id,
      channel: 'api',
      buyer: { id: partner.userId, email: partner.email },
      userId: partner.userId,
    });
    expect(await ids('status=pending')).toEqual(idsOf(bought.pending));
    expect(await ids('status=failed')).toEqual(idsOf(bought.failed));
    expect(await ids('status=delivered')).toEqual(idsOf(bought.airtime, bought.meter, bought.api));
    expect(await ids('serviceId=mtn')).toEqual(idsOf(bought.airtime, bought.pending));
    expect(await ids('channel=api')).toEqual(idsOf(bought.api));
    expect(await ids('channel=web&status=delivered')).toEqual(idsOf(bought.airtime, bought.meter));
    expect(await ids(`user=${encodeURIComponent(ada.email.toUpperCase())}`)).toHaveLength(4);
    expect(await ids(`user=${partner.userId}`)).toEqual(idsOf(bought.api));
    expect((await search('user=nobody%40example.com')).total).toBe(0);
    expect(await ids('number=1111111111')).toEqual(idsOf(bought.meter));
    expect(await ids(`number=${encodeURIComponent('+234 801 111 1111')}`)).toEqual(
      idsOf(bought.airtime, bought.api),
    );
    expect(await ids('number=%25')).toEqual([]);
    expect(await ids(`requestId=${bought.failed.requestId}`)).toEqual(idsOf(bought.failed));
    expect(await ids(`requestId=${bought.failed.id}`)).toEqual(idsOf(bought.failed));
    expect(await ids(`providerRequestId=${bought.meter.providerRequestId}`)).toEqual(idsOf(bought.meter));
    expect(await ids(`providerRequestId=${bought.meter.transactionId ?? 'x'}`)).toEqual(idsOf(bought.meter));
  });

  it('filters by amount and Lagos day, sorts, and pages', async () => {
    expect(await ids('minAmount=250&maxAmount=500')).toEqual(
      idsOf(bought.failed, bought.pending, bought.api),
    );
    expect(await ids('minAmount=1000.00')).toEqual(idsOf(bought.meter));
    const today = lagosDay(now);
    expect((await search(`from=${today}&to=${today}`)).total).toBe(5);
    expect((await search(`from=${lagosDay(new Date(now.getTime() + DAY_MS))}`)).total).toBe(0);
    expect((await search(`to=${lagosDay(new Date(now.getTime() - DAY_MS))}`)).total).toBe(0);

    const byAmount = await search('sort=amount&order=asc');
    expect(byAmount.purchases.map((p) => p.amountKobo)).toEqual([10_000, 25_000, 30_000, 50_000, 100_000]);
    const second = await search('sort=amount&order=desc&page=2&pageSize=2');
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(second.purchases.map((p) => p.amountKobo)).toEqual([30_000, 25_000]);
    expect((await search('page=9')).purchases).toEqual([]);
  });

  it('says what each delivered purchase cost and earned', async () => {
    const [meter] = (await search(`requestId=${bought.meter.id}`)).purchases;
    expect(meter).toMatchObject({ stage: 'delivered', isStuck: false });
    expect(meter?.costKobo).toBeGreaterThan(0);
    expect(meter?.marginKobo).toBe((meter?.chargedKobo ?? 0) - (meter?.costKobo ?? 0));
    const [pending] = (await search(`requestId=${bought.pending.id}`)).purchases;
    expect(pending).toMatchObject({ stage: 'pending', marginKobo: null, costKobo: null });
  });

  it('flags purchases pending over 24 hours, in the search, the summary and the old flagged list', async () => {
    const summaryNow = (await admin.get('/api/v1/admin/purchases/summary')).json<PurchasesSummary>();
    expect(summaryNow).toEqual({
      byStatus: { processing: 0, pending: 1, delivered: 3, failed: 1 },
      open: 1,
      flagged: 0,
      disputes: { open: 0, oldestOpenAt: null },
    });
    expect((await search('stuck=true')).total).toBe(0);

    now = new Date(Date.now() + DAY_MS + 60_000);
    try {
      const stuck = await search('stuck=true');
      expect(stuck.purchases.map((p) => [p.id, p.isStuck])).toEqual([[bought.pending.id, true]]);
      expect((await search('stuck=false')).total).toBe(5);
      expect((await admin.get('/api/v1/admin/purchases/summary')).json<PurchasesSummary>()).toMatchObject({
        open: 1,
        flagged: 1,
      });
      const flagged = (await admin.get('/api/v1/admin/purchases/flagged')).json<{ purchases: Purchase[] }>();
      expect(flagged.purchases.map((p) => p.id)).toEqual([bought.pending.id]);
    } finally {
      now = new Date();
    }
  });

  it('refuses bad filters with a clear message, and shows nothing to customers', async () => {
    for (const query of ['minAmount=abc', 'from=2025-02-30', 'pageSize=1000', 'status=lost', 'sort=phone']) {
      const response = await admin.get(`/api/v1/admin/purchases?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    expect(errorOf(await admin.get('/api/v1/admin/purchases?maxAmount=1.234')).message).toBe(
      'Enter an amount in naira, such as 1500 or 1500.50.',
    );
    for (const url of [
      '/api/v1/admin/purchases',
      '/api/v1/admin/purchases.csv',
      '/api/v1/admin/purchases/summary',
    ]) {
      expect((await ada.client.get(url)).statusCode, url).toBe(403);
    }
  });

  it('exports the search as CSV, escaped, with formula-like text made inert', async () => {
    // the name a customer chose: a spreadsheet must never run it
    const trickster = await signUp(t.app, { name: '=HYPERLINK("http://evil.example","Win")' });
    await t.container.ledger.adjustWallet({
      userId: trickster.userId,
      direction: 'credit',
      amountKobo: kobo(100_000),
      reason: 'test funds',
      actor: 'test',
    });
    expect((await trickster.client.post('/api/v1/pin', { pin: TEST_PIN })).statusCode).toBe(200);
    const { purchase } = await buy(trickster.client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    const response = await admin.get(`/api/v1/admin/purchases.csv?user=${trickster.userId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="purchases-\d{12}\.csv"$/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toContain('Date (Lagos),Purchase id,Request id,VTpass request id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${purchase?.id ?? 'x'},`);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""Win"")",`);
    expect(lines[1]).toContain(',web,MTN Airtime,');
    expect(lines[1]).toContain(',delivered,100.00,100.00,');

    const all = await admin.get('/api/v1/admin/purchases.csv?status=delivered&sort=amount&order=asc');
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(1 + 4);
  });
});
