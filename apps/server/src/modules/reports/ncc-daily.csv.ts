import type { NccDailyFigures, NccDailyReport } from '@quickvend/shared/api/ncc-report';
import { bpsAsPercent, toNairaString } from '@quickvend/shared/money';
import { toCsv, type CsvCell } from '../../lib/http/csv.ts';

const NCC_DAILY_HEADER = [
  'Date',
  'Service',
  'Service ID',
  'Provider',
  'Purchases',
  'Delivered',
  'Failed',
  'Refunded',
  'Refunded (NGN)',
  'Median refund time (s)',
  'Refunded within 30 s',
  'Refunded within 30 s (%)',
  'Pending now',
  'Pending over 24 h',
  'Moved to another provider',
  'Outages',
  'Outage minutes',
  'Refused during outages',
];

/** `12.5` seconds from milliseconds, to the tenth */
const seconds = (ms: number | null) =>
  ms === null ? '' : `${Math.trunc(ms / 1000)}.${Math.trunc((ms % 1000) / 100)}`;

const figureCells = (figures: NccDailyFigures): CsvCell[] => [
  figures.purchases,
  figures.delivered,
  figures.failed,
  figures.refunded,
  toNairaString(figures.refundedKobo),
  seconds(figures.medianRefundMs),
  figures.refundedWithin30s,
  figures.refundedWithin30sBps === null ? '' : bpsAsPercent(figures.refundedWithin30sBps),
  figures.pending,
  figures.pendingOver24h,
  figures.moved,
  figures.outages,
  figures.outageMinutes,
  figures.refusedDuringOutages,
];

/** One line per service and provider, then the day's totals. */
export function nccDailyCsv(report: NccDailyReport): string {
  const rows: CsvCell[][] = report.rows.map((row) => [
    report.date,
    row.serviceName,
    row.serviceId,
    row.providerName,
    ...figureCells(row),
  ]);
  rows.push([report.date, 'Total', '', '', ...figureCells(report.totals)]);
  return toCsv(NCC_DAILY_HEADER, rows);
}
