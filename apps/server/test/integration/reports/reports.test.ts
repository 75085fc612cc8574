import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FundingsReport, SalesReport, UsersReport } from '@quickvend/shared/api/reports';
import { createTestApp, errorOf, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { at, seedReportsBusiness } from '../../helpers/reports-business.ts';

// the week seedReportsBusiness makes; the report covers 9 to 11 March 2025 (Lagos)
const RANGE = 'from=2025-03-09&to=2025-03-11';

// what the sandbox VTpass keeps as commission: 3% of airtime, 1.5% of electricity
const COST = { mtn100: 9_700, mtn200: 19_400, mtn500: 48_500, ikeja1000: 98_500 };
// what the sandbox Paystack keeps: 1.5% + NGN 100 of a NGN 5,000 card payment, 1% of a transfer
const CARD_FEE = 17_500;
const TRANSFER_FEE = 7_500;

describeEachDatabase('reports from a seeded business', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let now = new Date();
  /** what each purchase's hold took from the wallet (a failed one has given it back: charged 0, refunded the price) */
  let charged: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => now } });
    ({ admin, charged } = await seedReportsBusiness(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async <T>(url: string) => {
    const response = await admin.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  const sales = (figures: {
    purchases: number;
    delivered: number;
    failed: number;
    pending: number;
    salesKobo: number;
    costKobo: number;
    refundsKobo: number;
    failureRateBps: number | null;
  }) => ({ ...figures, marginKobo: figures.salesKobo - figures.costKobo });

  const day9 = () =>
    sales({
      purchases: 1,
      delivered: 1,
      failed: 0,
      pending: 0,
      salesKobo: charged['p1'] ?? 0,
      costKobo: COST.mtn100,
      refundsKobo: 0,
      failureRateBps: 0,
    });
  const day10 = () =>
    sales({
      purchases: 5,
      delivered: 3,
      failed: 1,
      pending: 1,
      salesKobo: (charged['p2'] ?? 0) + (charged['p5'] ?? 0) + (charged['p6'] ?? 0),
      costKobo: COST.mtn200 + COST.ikeja1000 + COST.mtn500,
      refundsKobo: charged['p3'] ?? 0,
      failureRateBps: 2_500,
    });
  const day11 = () =>
    sales({
      purchases: 1,
      delivered: 0,
      failed: 1,
      pending: 0,
      salesKobo: 0,
      costKobo: 0,
      refundsKobo: charged['p7'] ?? 0,
      failureRateBps: 10_000,
    });

  it('counts each purchase on its Lagos day, with the money the ledger moved for it', async () => {
    expect(charged['p1']).toBeGreaterThan(COST.mtn100);
    const report = await get<SalesReport>(`/api/v1/admin/reports/sales?${RANGE}&period=day`);
    expect(report).toEqual({
      from: '2025-03-09',
      to: '2025-03-11',
      period: 'day',
      groupBy: null,
      periods: [
        { start: '2025-03-09', ...day9() },
        { start: '2025-03-10', ...day10() },
        { start: '2025-03-11', ...day11() },
      ],
      groups: [],
      totals: sales({
        purchases: 7,
        delivered: 4,
        failed: 2,
        pending: 1,
        salesKobo: day9().salesKobo + day10().salesKobo,
        costKobo: COST.mtn100 + COST.mtn200 + COST.ikeja1000 + COST.mtn500,
        refundsKobo: (charged['p3'] ?? 0) + (charged['p7'] ?? 0),
        failureRateBps: 3_333,
      }),
    });
  });

  it('splits each day by channel, web and API', async () => {
    const report = await get<SalesReport>(`/api/v1/admin/reports/sales?${RANGE}&groupBy=channel`);
    expect(report.groupBy).toBe('channel');
    expect(report.groups).toEqual([
      { start: '2025-03-09', group: 'web', label: 'Web', ...day9() },
      {
        start: '2025-03-10',
        group: 'web',
        label: 'Web',
        ...sales({
          purchases: 4,
          delivered: 2,
          failed: 1,
          pending: 1,
          salesKobo: (charged['p2'] ?? 0) + (charged['p5'] ?? 0),
          costKobo: COST.mtn200 + COST.ikeja1000,
          refundsKobo: charged['p3'] ?? 0,
          failureRateBps: 3_333,
        }),
      },
      {
        start: '2025-03-10',
        group: 'api',
        label: 'API',
        ...sales({
          purchases: 1,
          delivered: 1,
          failed: 0,
          pending: 0,
          salesKobo: charged['p6'] ?? 0,
          costKobo: COST.mtn500,
          refundsKobo: 0,
          failureRateBps: 0,
        }),
      },
      { start: '2025-03-11', group: 'api', label: 'API', ...day11() },
    ]);
  });

  it('adds up weeks from Monday and months, by service', async () => {
    const weekly = await get<SalesReport>(`/api/v1/admin/reports/sales?${RANGE}&period=week&groupBy=service`);
    expect(weekly.periods.map((p) => [p.start, p.purchases, p.salesKobo])).toEqual([
      ['2025-03-03', 1, day9().salesKobo],
      ['2025-03-10', 6, day10().salesKobo],
    ]);
    expect(
      weekly.groups.map((g) => [g.start, g.group, g.label, g.purchases, g.delivered, g.costKobo]),
    ).toEqual([
      ['2025-03-03', 'mtn', 'MTN Airtime', 1, 1, COST.mtn100],
      ['2025-03-10', 'ikeja-electric', expect.stringContaining('Ikeja'), 1, 1, COST.ikeja1000],
      ['2025-03-10', 'mtn', 'MTN Airtime', 3, 2, COST.mtn200 + COST.mtn500],
      ['2025-03-10', 'airtel', 'Airtel Airtime', 1, 0, 0],
      ['2025-03-10', 'glo', 'GLO Airtime', 1, 0, 0],
    ]);
    const monthly = await get<SalesReport>(`/api/v1/admin/reports/sales?${RANGE}&period=month`);
    expect(monthly.periods).toEqual([{ start: '2025-03-01', ...monthly.totals }]);
    expect(monthly.totals.purchases).toBe(7);
  });

  it('reports fundings by method with their fees, on the Lagos day each was credited', async () => {
    const report = await get<FundingsReport>(`/api/v1/admin/reports/fundings?${RANGE}`);
    const none = { count: 0, amountKobo: 0, creditedKobo: 0, chargesKobo: 0, gatewayFeesKobo: 0 };
    const card = {
      count: 1,
      amountKobo: 500_000,
      creditedKobo: 500_000,
      chargesKobo: 0,
      gatewayFeesKobo: CARD_FEE,
    };
    const transfer = {
      count: 1,
      amountKobo: 750_000,
      creditedKobo: 750_000,
      chargesKobo: 0,
      gatewayFeesKobo: TRANSFER_FEE,
    };
    const manual = {
      count: 1,
      amountKobo: 200_000,
      creditedKobo: 195_000,
      chargesKobo: 5_000,
      gatewayFeesKobo: 0,
    };
    expect(report).toEqual({
      from: '2025-03-09',
      to: '2025-03-11',
      period: 'day',
      periods: [
        { start: '2025-03-09', ...none },
        {
          start: '2025-03-10',
          count: 2,
          amountKobo: 1_250_000,
          creditedKobo: 1_250_000,
          chargesKobo: 0,
          gatewayFeesKobo: CARD_FEE + TRANSFER_FEE,
        },
        { start: '2025-03-11', ...manual },
      ],
      methods: [
        { start: '2025-03-10', method: 'card', ...card },
        { start: '2025-03-10', method: 'transfer', ...transfer },
        { start: '2025-03-11', method: 'manual', ...manual },
      ],
      totalsByMethod: [
        { method: 'card', ...card },
        { method: 'transfer', ...transfer },
        { method: 'manual', ...manual },
      ],
      totals: {
        count: 3,
        amountKobo: 1_450_000,
        creditedKobo: 1_445_000,
        chargesKobo: 5_000,
        gatewayFeesKobo: CARD_FEE + TRANSFER_FEE,
      },
    });
  });

  it('counts the customers who signed up, not the admins', async () => {
    const report = await get<UsersReport>(`/api/v1/admin/reports/users?${RANGE}`);
    expect(report.periods).toEqual([
      { start: '2025-03-09', newUsers: 1 },
      { start: '2025-03-10', newUsers: 2 },
      { start: '2025-03-11', newUsers: 1 },
    ]);
    expect(report.totals).toEqual({ newUsers: 4 });
  });

  it('exports each report as CSV a spreadsheet reads safely', async () => {
    const response = await admin.get(`/api/v1/admin/reports/sales.csv?${RANGE}&groupBy=channel`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="sales-by-channel-2025-03-09-to-2025-03-11-by-day.csv"',
    );
    // the byte-order mark tells a spreadsheet the file is UTF-8
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Period,Starts,Channel,Purchases,Delivered,Failed,Pending,Sales (NGN),Cost (NGN),Margin (NGN),Refunds (NGN),Failure rate (%)',
    );
    const naira = (k: number) => `${Math.trunc(k / 100)}.${String(k % 100).padStart(2, '0')}`;
    expect(lines[4]).toBe(
      `11 Mar 2025,2025-03-11,API,1,0,1,0,0.00,0.00,0.00,${naira(charged['p7'] ?? 0)},100.00`,
    );
    expect(lines[5]).toMatch(/^Total,2025-03-09,,7,4,2,1,/);
    expect(lines).toHaveLength(7);

    const fundings = await admin.get(`/api/v1/admin/reports/fundings.csv?${RANGE}`);
    expect(fundings.body.split('\r\n')).toContain(
      'Total,2025-03-09,All methods,3,14500.00,14450.00,50.00,250.00',
    );
    const signUps = await admin.get(`/api/v1/admin/reports/users.csv?${RANGE}&period=month`);
    expect(signUps.body).toBe(
      '\uFEFFPeriod,Starts,New customers\r\nMar 2025,2025-03-01,4\r\nTotal,2025-03-09,4\r\n',
    );
  });

  it('covers the last 30 Lagos days when no range is given', async () => {
    now = at('2025-03-11T23:30:00Z');
    try {
      const report = await get<UsersReport>('/api/v1/admin/reports/users');
      expect([report.from, report.to]).toEqual(['2025-02-11', '2025-03-12']);
      expect(report.periods).toHaveLength(30);
      expect(report.totals.newUsers).toBe(6);
    } finally {
      now = new Date();
    }
  });

  it.each([
    ['from=2025-03-11&to=2025-03-09', 'to', 'The end date must be on or after the start date.'],
    ['from=2024-01-01&to=2025-01-01', 'to', 'Choose a range of at most 366 days.'],
    ['from=2025-02-30&to=2025-03-09', 'from', 'Enter the start date as YYYY-MM-DD.'],
    ['from=2025-03-01&to=tomorrow', 'to', 'Enter the end date as YYYY-MM-DD.'],
    [`${RANGE}&period=year`, 'period', 'Choose day, week or month.'],
    [`${RANGE}&groupBy=user`, 'groupBy', 'Group by service or channel.'],
  ])('refuses %s with a clear 400', async (query, field, message) => {
    for (const path of ['sales', 'sales.csv']) {
      const response = await admin.get(`/api/v1/admin/reports/${path}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        details: { fields: { [field]: message } },
      });
    }
  });

  it('accepts a full leap year', async () => {
    const report = await get<UsersReport>('/api/v1/admin/reports/users?from=2024-01-01&to=2024-12-31');
    expect(report.periods).toHaveLength(366);
  });
});
