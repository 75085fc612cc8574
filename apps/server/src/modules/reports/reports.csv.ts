import type {
  FundingsReport,
  ProfitAndLossFigures,
  ProfitAndLossReport,
  SalesFigures,
  SalesReport,
  UsersReport,
} from '@quickvend/shared/api/reports';
import { bpsAsPercent, toNairaString } from '@quickvend/shared/money';
import { formatPeriod } from '@quickvend/shared/periods';
import { toCsv, type CsvCell } from '../../lib/http/csv.ts';

const naira = (amountKobo: number) => toNairaString(amountKobo);
const percent = (bps: number | null) => (bps === null ? '' : bpsAsPercent(bps));

const salesCells = (figures: SalesFigures): CsvCell[] => [
  figures.purchases,
  figures.delivered,
  figures.failed,
  figures.pending,
  naira(figures.salesKobo),
  naira(figures.costKobo),
  naira(figures.marginKobo),
  naira(figures.refundsKobo),
  percent(figures.failureRateBps),
];

const SALES_HEADER = [
  'Purchases',
  'Delivered',
  'Failed',
  'Pending',
  'Sales (NGN)',
  'Cost (NGN)',
  'Margin (NGN)',
  'Refunds (NGN)',
  'Failure rate (%)',
];

export function salesCsv(report: SalesReport): string {
  const grouping = report.groupBy === 'service' ? 'Service' : report.groupBy === 'channel' ? 'Channel' : null;
  const header = ['Period', 'Starts', ...(grouping ? [grouping] : []), ...SALES_HEADER];
  const rows: CsvCell[][] = grouping
    ? report.groups.map((row) => [
        formatPeriod(row.start, report.period),
        row.start,
        row.label,
        ...salesCells(row),
      ])
    : report.periods.map((row) => [formatPeriod(row.start, report.period), row.start, ...salesCells(row)]);
  rows.push(['Total', report.from, ...(grouping ? [''] : []), ...salesCells(report.totals)]);
  return toCsv(header, rows);
}

const METHOD_LABELS = { card: 'Card', transfer: 'Bank transfer', manual: 'Manual deposit' } as const;

export function fundingsCsv(report: FundingsReport): string {
  const header = [
    'Period',
    'Starts',
    'Method',
    'Fundings',
    'Paid (NGN)',
    'Credited (NGN)',
    'Our charges (NGN)',
    'Gateway fees (NGN)',
  ];
  const cells = (figures: FundingsReport['totals']): CsvCell[] => [
    figures.count,
    naira(figures.amountKobo),
    naira(figures.creditedKobo),
    naira(figures.chargesKobo),
    naira(figures.gatewayFeesKobo),
  ];
  const rows: CsvCell[][] = report.methods.map((row) => [
    formatPeriod(row.start, report.period),
    row.start,
    METHOD_LABELS[row.method],
    ...cells(row),
  ]);
  for (const row of report.totalsByMethod) {
    rows.push(['Total', report.from, METHOD_LABELS[row.method], ...cells(row)]);
  }
  rows.push(['Total', report.from, 'All methods', ...cells(report.totals)]);
  return toCsv(header, rows);
}

export function usersCsv(report: UsersReport): string {
  const rows: CsvCell[][] = report.periods.map((row) => [
    formatPeriod(row.start, report.period),
    row.start,
    row.newUsers,
  ]);
  rows.push(['Total', report.from, report.totals.newUsers]);
  return toCsv(['Period', 'Starts', 'New customers'], rows);
}

const PROFIT_AND_LOSS_LINES: readonly [keyof ProfitAndLossFigures, string][] = [
  ['salesKobo', 'What customers paid (NGN)'],
  ['costKobo', 'What VTpass took (NGN)'],
  ['marginKobo', 'Margin (NGN)'],
  ['gatewayFeesKobo', 'Paystack fees (NGN)'],
  ['referralRewardsKobo', 'Referral rewards paid (NGN)'],
  ['depositChargesKobo', 'Deposit charges earned (NGN)'],
  ['goodwillCreditsKobo', 'Goodwill credits (NGN)'],
  ['goodwillDebitsKobo', 'Goodwill debits (NGN)'],
  ['providerLossesWrittenOffKobo', 'Provider-side losses written off (NGN)'],
  ['providerLossesRecoveredKobo', 'Provider-side losses recovered (NGN)'],
  ['profitKobo', 'Profit (NGN)'],
];

export function profitAndLossCsv(report: ProfitAndLossReport): string {
  const cells = (figures: ProfitAndLossFigures): CsvCell[] =>
    PROFIT_AND_LOSS_LINES.map(([key]) => naira(figures[key]));
  const rows: CsvCell[][] = report.periods.map((row) => [
    formatPeriod(row.start, report.period),
    row.start,
    ...cells(row),
  ]);
  rows.push(['Total', report.from, ...cells(report.totals)]);
  return toCsv(['Period', 'Starts', ...PROFIT_AND_LOSS_LINES.map(([, header]) => header)], rows);
}

export const csvFilename = (name: string, report: { from: string; to: string; period: string }) =>
  `${name}-${report.from}-to-${report.to}-by-${report.period}.csv`;
