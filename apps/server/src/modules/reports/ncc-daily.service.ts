import type { NccDailyFigures, NccDailyReport, NccDailyRow } from '@quickvend/shared/api/ncc-report';
import { OVERDUE_PENDING_HOURS } from '@quickvend/shared/api/ncc-report';
import { findCatalogueService } from '@quickvend/shared/catalog';
import { kobo } from '@quickvend/shared/money';
import { nccReportTexts } from '@quickvend/shared/messages/ncc-report';
import { addDays, lagosDateOf, lagosMidnight } from '@quickvend/shared/periods';
import { BILLS_PROVIDER_LABELS, BILLS_PROVIDERS, type BillsProviderName } from '@quickvend/shared/providers';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { PurchaseOutcomeFigures, PurchaseOutcomeQueries } from '../purchases/index.ts';
import { nccDailyCsv } from './ncc-daily.csv.ts';

/** An outage of a service (at one provider, or everywhere when `provider` is null), as service health records it. */
export type ServiceOutage = {
  serviceId: string;
  provider: BillsProviderName | null;
  startedAt: Date;
  /** null while it lasts */
  endedAt: Date | null;
  /** purchases refused while it lasted */
  refused: number;
};

/** Port: the outages that overlap `from` to `to`. Owned here; the service-health module implements it. */
export type ServiceOutages = { outagesBetween: (from: Date, to: Date) => Promise<ServiceOutage[]> };

export type NccDailyDeps = {
  purchases: Pick<PurchaseOutcomeQueries, 'dailyOutcomes'>;
  /** without it the report shows no outages */
  outages?: ServiceOutages | undefined;
  clock: Clock;
  appUrl: string;
  adminEmails: () => Promise<string[]>;
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
};

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const emptyFigures = (): NccDailyFigures => ({
  purchases: 0,
  delivered: 0,
  failed: 0,
  refunded: 0,
  refundedKobo: kobo(0),
  pending: 0,
  medianRefundMs: null,
  refundedWithin30s: 0,
  refundedWithin30sBps: null,
  pendingOver24h: 0,
  moved: 0,
  outages: 0,
  outageMinutes: 0,
  refusedDuringOutages: 0,
});

/** within ÷ refunded in basis points, rounded down: a share is never shown better than it was */
const shareBps = (within: number, refunded: number) =>
  refunded === 0 ? null : Math.floor((within * 10_000) / refunded);

function withPurchases(figures: NccDailyFigures, from: PurchaseOutcomeFigures): NccDailyFigures {
  return {
    ...figures,
    purchases: from.purchases,
    delivered: from.delivered,
    failed: from.failed,
    refunded: from.refunded,
    refundedKobo: kobo(from.refundedKobo),
    pending: from.pending,
    medianRefundMs: from.medianRefundMs,
    refundedWithin30s: from.refundedWithin30s,
    refundedWithin30sBps: shareBps(from.refundedWithin30s, from.refunded),
    pendingOver24h: from.pendingOver24h,
    moved: from.moved,
  };
}

const providerOrder = (provider: BillsProviderName | null) =>
  provider === null ? -1 : BILLS_PROVIDERS.indexOf(provider);

/**
 * The daily report the NCC–CBN framework on failed airtime and data purchases asks for, per service and provider
 * for one Lagos day: outcomes, refunds and how fast they came, purchases open over 24 hours, moves between
 * providers, and outages. Mailed to the admins each night as CSV.
 */
export function createNccDailyReport(deps: NccDailyDeps) {
  /** @throws VALIDATION_FAILED for a day after today (Lagos) */
  async function report(date: string): Promise<NccDailyReport> {
    const now = deps.clock.now();
    if (date > lagosDateOf(now))
      throw new AppError('VALIDATION_FAILED', nccReportTexts.futureDate, {
        fields: { date: nccReportTexts.futureDate },
      });
    const startsAt = lagosMidnight(date);
    const endsAt = lagosMidnight(addDays(date, 1));
    const [figures, outages] = await Promise.all([
      deps.purchases.dailyOutcomes({
        from: startsAt,
        to: endsAt,
        overdueBefore: new Date(endsAt.getTime() - OVERDUE_PENDING_HOURS * HOUR_MS),
      }),
      deps.outages?.outagesBetween(startsAt, endsAt) ?? [],
    ]);
    const rows = new Map<string, NccDailyRow>();
    const rowOf = (serviceId: string, provider: BillsProviderName | null) => {
      const key = `${serviceId} ${provider ?? ''}`;
      const row = rows.get(key) ?? {
        serviceId,
        serviceName: findCatalogueService(serviceId)?.name ?? serviceId,
        provider,
        providerName: provider === null ? nccReportTexts.allProviders : BILLS_PROVIDER_LABELS[provider],
        ...emptyFigures(),
      };
      rows.set(key, row);
      return row;
    };
    let totals = emptyFigures();
    for (const figure of figures) {
      if (figure.serviceId === null) totals = withPurchases(totals, figure);
      else {
        const row = rowOf(figure.serviceId, figure.provider);
        Object.assign(row, withPurchases(row, figure));
      }
    }
    // an outage that is still on counts up to now; only the part inside the day is counted
    const until = Math.min(endsAt.getTime(), now.getTime());
    for (const outage of outages) {
      const lasted =
        Math.min(outage.endedAt?.getTime() ?? until, endsAt.getTime()) -
        Math.max(outage.startedAt.getTime(), startsAt.getTime());
      if (lasted <= 0) continue;
      const row = rowOf(outage.serviceId, outage.provider);
      row.outages += 1;
      row.outageMinutes += Math.ceil(lasted / MINUTE_MS);
      row.refusedDuringOutages += outage.refused;
      totals.outages += 1;
      totals.outageMinutes += Math.ceil(lasted / MINUTE_MS);
      totals.refusedDuringOutages += outage.refused;
    }
    return {
      date,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      generatedAt: now.toISOString(),
      rows: [...rows.values()].sort(
        (a, b) =>
          a.serviceName.localeCompare(b.serviceName) ||
          a.serviceId.localeCompare(b.serviceId) ||
          providerOrder(a.provider) - providerOrder(b.provider),
      ),
      totals,
    };
  }

  /** The Lagos day before today. */
  const yesterday = () => addDays(lagosDateOf(deps.clock.now()), -1);

  /** Mails one day's report, as CSV in the body, to every admin. */
  async function mailDay(date: string): Promise<void> {
    const csv = nccDailyCsv(await report(date));
    const link = `${deps.appUrl}/admin/reports/daily-service?date=${date}`;
    const subject = nccReportTexts.mailSubject(date);
    const text = nccReportTexts.mailBody(date, link, csv.replaceAll('\r\n', '\n'));
    for (const to of await deps.adminEmails()) await deps.sendMail({ to, subject, text });
  }

  return { report, yesterday, mailDay };
}

export type NccDailyReports = ReturnType<typeof createNccDailyReport>;

/** The report's file name for a day. */
export const nccDailyFilename = (date: string) => `daily-service-report-${date}.csv`;
