import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NccDailyReport } from '@quickvend/shared/api/ncc-report';
import type { Purchase } from '@quickvend/shared/api/purchases';
import type { BillsProviderName } from '@quickvend/shared/providers';
import { purchaseFailovers, purchases } from '../../../src/db/schema.ts';
import { newId } from '../../../src/lib/ids.ts';
import {
  createTestApp,
  errorOf,
  signUp,
  waitForMail,
  type TestApp,
  type TestClient,
} from '../../helpers/app.ts';
import { newAdmin } from '../../helpers/admins.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

// 10 March 2025 in Lagos (UTC+1) runs from 9 March 23:00 to 10 March 23:00 UTC
const DAY = '2025-03-10';
const at = (iso: string) => new Date(iso);
const FIRST_INSTANT = at('2025-03-09T23:00:00Z');
const LAST_SECOND = at('2025-03-10T22:59:59Z');
const NEXT_DAY = at('2025-03-10T23:00:00Z');
const NOON = at('2025-03-10T11:00:00Z');
const BEFORE = at('2025-03-09T22:59:59Z');
/** more than 24 hours before the day's end */
const DAY_BEFORE_MORNING = at('2025-03-09T09:00:00Z');
const seconds = (instant: Date, s: number) => new Date(instant.getTime() + s * 1000);

const MTN = { serviceId: 'mtn', phone: '08011111111', amount: '100' };
const MTN_PENDING = { serviceId: 'mtn', phone: '201000000000', amount: '100' };
const GLO_FAILING = { serviceId: 'glo', phone: '08051234567', amount: '250' };

describeEachDatabase('the daily service report (NCC–CBN)', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let adminEmail: string;
  let customer: TestClient;
  // the sandbox VTpass takes request ids of today: the purchases are made now, then moved to their dates
  let now = new Date();
  const refunded: Record<string, number> = {};

  /** Bought through the real services, then placed on the calendar: made at `made`, final `after` seconds later. */
  async function place(
    body: typeof MTN,
    status: Purchase['status'],
    made: Date,
    after: number | null,
    provider: BillsProviderName = 'vtpass',
  ): Promise<Purchase> {
    const { purchase } = await buy(customer, body);
    expect(purchase?.status).toBe(status);
    const made_ = purchase as Purchase;
    await t.container.db
      .update(purchases)
      .set({ createdAt: made, finalizedAt: after === null ? null : seconds(made, after), provider })
      .where(eq(purchases.id, made_.id));
    return made_;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => now } });
    const signedUpAdmin = await newAdmin(t, 'Report Admin');
    admin = signedUpAdmin.client;
    adminEmail = signedUpAdmin.email;
    ({ client: customer } = await fundedCustomer(t, 20_000));

    // the edges of the day: the last second before it, its first and last seconds, the next day's first
    await place(MTN, 'delivered', BEFORE, 3);
    await place(MTN, 'delivered', FIRST_INSTANT, 3);
    await place(MTN, 'delivered', LAST_SECOND, 3);
    await place(MTN, 'delivered', NEXT_DAY, 3);
    // still being confirmed: one of the day, one made more than a day before its end
    await place(MTN_PENDING, 'pending', NOON, null);
    await place(MTN_PENDING, 'pending', DAY_BEFORE_MORNING, null);
    // made the day before and delivered only after the day's end: open over 24 hours when the day ended
    await place(MTN, 'delivered', DAY_BEFORE_MORNING, 40 * 3600);
    // made the day before, delivered within the day: not open at its end
    await place(MTN, 'delivered', DAY_BEFORE_MORNING, 3600);
    // refunds 10 and 60 seconds after the purchase at VTpass, 20 seconds at Flutterwave
    refunded['glo10'] = (await place(GLO_FAILING, 'failed', NOON, 10)).refundedKobo;
    refunded['glo60'] = (await place(GLO_FAILING, 'failed', NOON, 60)).refundedKobo;
    refunded['gloFw'] = (await place(GLO_FAILING, 'failed', NOON, 20, 'flutterwave')).refundedKobo;
    // failed at VTpass, moved to Flutterwave and delivered there
    const moved = await place(MTN, 'delivered', NOON, 45, 'flutterwave');
    await t.container.db.insert(purchaseFailovers).values({
      id: newId('pfo'),
      purchaseId: moved.id,
      provider: 'vtpass',
      providerRequestId: `moved-${moved.id}`,
      code: '016',
      message: 'TRANSACTION FAILED',
      movedTo: 'flutterwave',
      at: seconds(NOON, 5),
    });
    now = at('2025-03-12T09:00:00Z');
  });
  afterAll(async () => {
    await t.close();
  });

  const report = async (date = DAY) => {
    const response = await admin.get(`/api/v1/admin/reports/ncc-daily?date=${date}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<NccDailyReport>();
  };

  const none = {
    purchases: 0,
    delivered: 0,
    failed: 0,
    refunded: 0,
    refundedKobo: 0,
    pending: 0,
    medianRefundMs: null,
    refundedWithin30s: 0,
    refundedWithin30sBps: null,
    pendingOver24h: 0,
    moved: 0,
    outages: 0,
    outageMinutes: 0,
    refusedDuringOutages: 0,
  };

  it('counts each service at each provider on the Lagos day, with refund times and overdue purchases', async () => {
    const glo10 = refunded['glo10'] ?? 0;
    const glo60 = refunded['glo60'] ?? 0;
    const gloFw = refunded['gloFw'] ?? 0;
    expect(glo10).toBeGreaterThan(0);
    const result = await report();
    expect(result).toMatchObject({
      date: DAY,
      startsAt: FIRST_INSTANT.toISOString(),
      endsAt: NEXT_DAY.toISOString(),
    });
    expect(result.rows).toEqual([
      {
        serviceId: 'glo',
        serviceName: 'GLO Airtime',
        provider: 'vtpass',
        providerName: 'VTpass',
        ...none,
        purchases: 2,
        failed: 2,
        refunded: 2,
        refundedKobo: glo10 + glo60,
        medianRefundMs: 35_000,
        refundedWithin30s: 1,
        refundedWithin30sBps: 5_000,
      },
      {
        serviceId: 'glo',
        serviceName: 'GLO Airtime',
        provider: 'flutterwave',
        providerName: 'Flutterwave',
        ...none,
        purchases: 1,
        failed: 1,
        refunded: 1,
        refundedKobo: gloFw,
        medianRefundMs: 20_000,
        refundedWithin30s: 1,
        refundedWithin30sBps: 10_000,
      },
      {
        serviceId: 'mtn',
        serviceName: 'MTN Airtime',
        provider: 'vtpass',
        providerName: 'VTpass',
        ...none,
        purchases: 3,
        delivered: 2,
        pending: 1,
        pendingOver24h: 2,
        moved: 1,
      },
      {
        serviceId: 'mtn',
        serviceName: 'MTN Airtime',
        provider: 'flutterwave',
        providerName: 'Flutterwave',
        ...none,
        purchases: 1,
        delivered: 1,
      },
    ]);
    // the median of all three refunds, not an average of the rows' medians
    expect(result.totals).toEqual({
      ...none,
      purchases: 7,
      delivered: 3,
      failed: 3,
      refunded: 3,
      refundedKobo: glo10 + glo60 + gloFw,
      pending: 1,
      medianRefundMs: 20_000,
      refundedWithin30s: 2,
      refundedWithin30sBps: 6_666,
      pendingOver24h: 2,
      moved: 1,
    });
  });

  it('reports a quiet day as a totals row of zeros', async () => {
    const result = await report('2025-03-01');
    expect(result.rows).toEqual([]);
    expect(result.totals).toEqual(none);
  });

  it('downloads the same figures as CSV, one line per service and provider and a total', async () => {
    const response = await admin.get(`/api/v1/admin/reports/ncc-daily.csv?date=${DAY}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="daily-service-report-${DAY}.csv"`,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date,Service,Service ID,Provider,Purchases,Delivered,Failed,Refunded,Refunded (NGN),Median refund time (s),' +
        'Refunded within 30 s,Refunded within 30 s (%),Pending now,Pending over 24 h,Moved to another provider,' +
        'Outages,Outage minutes,Refused during outages',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(
      /^2025-03-10,GLO Airtime,glo,VTpass,2,0,2,2,\d+\.\d{2},35\.0,1,50\.00,0,0,0,0,0,0$/,
    );
    expect(lines[3]).toBe('2025-03-10,MTN Airtime,mtn,VTpass,3,2,0,0,0.00,,0,,1,2,1,0,0,0');
    expect(lines[5]).toMatch(/^2025-03-10,Total,,,7,3,3,3,\d+\.\d{2},20\.0,2,66\.66,1,2,1,0,0,0$/);
  });

  it('is for admins only, and refuses a malformed or future date', async () => {
    const anonymous = await t.app.inject({ url: `/api/v1/admin/reports/ncc-daily?date=${DAY}` });
    expect(anonymous.statusCode).toBe(401);
    const { client: person } = await signUp(t.app);
    for (const url of [
      `/api/v1/admin/reports/ncc-daily?date=${DAY}`,
      `/api/v1/admin/reports/ncc-daily.csv?date=${DAY}`,
    ]) {
      const refused = await person.get(url);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('FORBIDDEN');
    }
    for (const date of ['10-03-2025', '2025-02-30', '']) {
      const bad = await admin.get(`/api/v1/admin/reports/ncc-daily?date=${date}`);
      expect(bad.statusCode, date).toBe(400);
      expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
    }
    const future = await admin.get('/api/v1/admin/reports/ncc-daily?date=2025-03-13');
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).message).toBe('Choose today or an earlier day.');
    // today (Lagos) so far is allowed
    expect((await admin.get('/api/v1/admin/reports/ncc-daily?date=2025-03-12')).statusCode).toBe(200);
  });

  it("mails yesterday's report to every admin as CSV with a link to the page", async () => {
    now = at('2025-03-11T00:00:00Z'); // 01:00 on 11 March in Lagos
    const ncc = t.container.reports.nccDaily;
    expect(ncc.yesterday()).toBe(DAY);
    await ncc.mailDay(ncc.yesterday());
    const mail = await waitForMail(t.app, adminEmail, /daily service report for 10 Mar 2025/);
    expect(mail.text).toContain('/admin/reports/daily-service?date=2025-03-10');
    expect(mail.text).toContain('2025-03-10,Total,,,7,3,3,3,');
    expect(mail.text).not.toContain('\r');
  });
});
