import { describe, expect, it } from 'vitest';
import type { PurchaseOutcomeFigures } from '../purchases/index.ts';
import { createNccDailyReport, type ServiceOutage } from './ncc-daily.service.ts';
import { MAIL_NCC_DAILY_CRON, MAIL_NCC_DAILY_JOB, registerReportJobs } from './reports.jobs.ts';

const at = (iso: string) => new Date(iso);
// 10 March 2025 in Lagos: 9 March 23:00 to 10 March 23:00 UTC
const DAY = '2025-03-10';

const total: PurchaseOutcomeFigures = {
  serviceId: null,
  provider: null,
  purchases: 0,
  delivered: 0,
  failed: 0,
  refunded: 0,
  refundedKobo: 0,
  pending: 0,
  medianRefundMs: null,
  refundedWithin30s: 0,
  pendingOver24h: 0,
  moved: 0,
};

function reportWith(outages: ServiceOutage[], now = at('2025-03-12T09:00:00Z')) {
  const asked: { from: Date; to: Date }[] = [];
  const mails: { to: string; subject: string; text: string }[] = [];
  const ncc = createNccDailyReport({
    purchases: { dailyOutcomes: () => Promise.resolve([total]) },
    outages: {
      outagesBetween: (from, to) => {
        asked.push({ from, to });
        return Promise.resolve(outages);
      },
    },
    clock: { now: () => now },
    appUrl: 'https://quickvend.test',
    adminEmails: () => Promise.resolve(['a@quickvend.test', 'b@quickvend.test']),
    sendMail: (mail) => {
      mails.push(mail);
      return Promise.resolve();
    },
  });
  return { ncc, asked, mails };
}

describe('outages in the daily service report', () => {
  it('counts only the part of each outage inside the Lagos day, per service and provider', async () => {
    const { ncc, asked } = reportWith([
      // began the evening before: 20 minutes of it fall in the day
      {
        serviceId: 'mtn',
        provider: 'vtpass',
        startedAt: at('2025-03-09T22:40:00Z'),
        endedAt: at('2025-03-09T23:20:00Z'),
        refused: 4,
      },
      // 12 minutes 30 seconds: counted as 13 whole minutes
      {
        serviceId: 'mtn',
        provider: 'vtpass',
        startedAt: at('2025-03-10T12:00:00Z'),
        endedAt: at('2025-03-10T12:12:30Z'),
        refused: 1,
      },
      // the whole service, whichever provider: still on at the day's end
      {
        serviceId: 'glo',
        provider: null,
        startedAt: at('2025-03-10T22:30:00Z'),
        endedAt: null,
        refused: 2,
      },
    ]);
    const report = await ncc.report(DAY);
    expect(asked).toEqual([{ from: at('2025-03-09T23:00:00Z'), to: at('2025-03-10T23:00:00Z') }]);
    expect(
      report.rows.map((row) => [
        row.serviceId,
        row.providerName,
        row.outages,
        row.outageMinutes,
        row.refusedDuringOutages,
      ]),
    ).toEqual([
      ['glo', 'All providers', 1, 30, 2],
      ['mtn', 'VTpass', 2, 33, 5],
    ]);
    expect(report.totals).toMatchObject({ outages: 3, outageMinutes: 63, refusedDuringOutages: 7 });
  });

  it('counts an outage still on today up to now, and none that ended before the day began', async () => {
    const { ncc } = reportWith(
      [
        {
          serviceId: 'airtel',
          provider: 'flutterwave',
          startedAt: at('2025-03-10T08:00:00Z'),
          endedAt: null,
          refused: 0,
        },
        {
          serviceId: 'mtn',
          provider: 'vtpass',
          startedAt: at('2025-03-09T20:00:00Z'),
          endedAt: at('2025-03-09T23:00:00Z'),
          refused: 9,
        },
      ],
      at('2025-03-10T09:00:00Z'),
    );
    const report = await ncc.report(DAY);
    expect(report.rows.map((row) => [row.serviceId, row.outageMinutes])).toEqual([['airtel', 60]]);
  });
});

describe('the nightly mail of the report', () => {
  it("runs at 01:00 Lagos time and mails yesterday's report to every admin", async () => {
    const { ncc, mails } = reportWith([], at('2025-03-11T00:00:00Z'));
    const scheduled: [string, string][] = [];
    let handler: ((data: { day?: string | undefined }) => Promise<void>) | undefined;
    await registerReportJobs(
      {
        work: (name, _schema, run) => {
          expect(name).toBe(MAIL_NCC_DAILY_JOB);
          handler = run as typeof handler;
          return Promise.resolve();
        },
        schedule: (name, cron) => {
          scheduled.push([name, cron]);
          return Promise.resolve();
        },
      },
      ncc,
    );
    expect(scheduled).toEqual([[MAIL_NCC_DAILY_JOB, '0 1 * * *']]);
    expect(MAIL_NCC_DAILY_CRON).toBe('0 1 * * *');
    await handler?.({});
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ['a@quickvend.test', 'QuickVend daily service report for 10 Mar 2025'],
      ['b@quickvend.test', 'QuickVend daily service report for 10 Mar 2025'],
    ]);
    expect(mails[0]?.text).toContain('https://quickvend.test/admin/reports/daily-service?date=2025-03-10');
    expect(mails[0]?.text).toContain('2025-03-10,Total,,,0,0,0,0,0.00,,0,,0,0,0,0,0,0');
  });
});
