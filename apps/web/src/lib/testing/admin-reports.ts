import type { AuditEntry } from '@quickvend/shared/api/audit';
import type {
  FundingFigures,
  FundingsReport,
  ProfitAndLossFigures,
  ProfitAndLossReport,
  SalesFigures,
  SalesReport,
  UsersReport,
} from '@quickvend/shared/api/reports';
import { periodsBetween, type ReportPeriod } from '@quickvend/shared/periods';
import type { Wire } from './wire.ts';

export function someSales(overrides: Partial<Wire<SalesFigures>> = {}): Wire<SalesFigures> {
  return {
    purchases: 0,
    delivered: 0,
    failed: 0,
    pending: 0,
    salesKobo: 0,
    costKobo: 0,
    marginKobo: 0,
    refundsKobo: 0,
    failureRateBps: null,
    ...overrides,
  };
}

const sum = (rows: Wire<SalesFigures>[]): Wire<SalesFigures> =>
  rows.reduce(
    (total, row) => ({
      ...total,
      purchases: total.purchases + row.purchases,
      delivered: total.delivered + row.delivered,
      failed: total.failed + row.failed,
      pending: total.pending + row.pending,
      salesKobo: total.salesKobo + row.salesKobo,
      costKobo: total.costKobo + row.costKobo,
      marginKobo: total.marginKobo + row.marginKobo,
      refundsKobo: total.refundsKobo + row.refundsKobo,
    }),
    someSales(),
  );

/** A sales report over a range, each period's figures given by its first date (the rest are zero). */
export function aSalesReport(
  range: { from: string; to: string; period?: ReportPeriod },
  figures: Record<string, Partial<Wire<SalesFigures>>> = {},
  groups: Wire<SalesReport>['groups'] = [],
): Wire<SalesReport> {
  const period = range.period ?? 'day';
  const periods = periodsBetween(range.from, range.to, period).map((start) => ({
    start,
    ...someSales(figures[start]),
  }));
  const totals = sum(periods);
  const finished = totals.delivered + totals.failed;
  return {
    from: range.from,
    to: range.to,
    period,
    groupBy:
      groups.length > 0
        ? groups[0]?.group === 'web' || groups[0]?.group === 'api'
          ? 'channel'
          : 'service'
        : null,
    periods,
    groups,
    totals: {
      ...totals,
      failureRateBps: finished === 0 ? null : Math.round((totals.failed * 10_000) / finished),
    },
  };
}

const noFunding: Wire<FundingFigures> = {
  count: 0,
  amountKobo: 0,
  creditedKobo: 0,
  chargesKobo: 0,
  gatewayFeesKobo: 0,
};

export function aFundingsReport(
  range: { from: string; to: string; period?: ReportPeriod },
  methods: Wire<FundingsReport>['methods'] = [],
): Wire<FundingsReport> {
  const period = range.period ?? 'day';
  const add = (a: Wire<FundingFigures>, b: Wire<FundingFigures>): Wire<FundingFigures> => ({
    count: a.count + b.count,
    amountKobo: a.amountKobo + b.amountKobo,
    creditedKobo: a.creditedKobo + b.creditedKobo,
    chargesKobo: a.chargesKobo + b.chargesKobo,
    gatewayFeesKobo: a.gatewayFeesKobo + b.gatewayFeesKobo,
  });
  const figuresOf = ({
    count,
    amountKobo,
    creditedKobo,
    chargesKobo,
    gatewayFeesKobo,
  }: Wire<FundingFigures>) => ({
    count,
    amountKobo,
    creditedKobo,
    chargesKobo,
    gatewayFeesKobo,
  });
  return {
    from: range.from,
    to: range.to,
    period,
    periods: periodsBetween(range.from, range.to, period).map((start) => ({
      start,
      ...methods
        .filter((m) => m.start === start)
        .map(figuresOf)
        .reduce(add, noFunding),
    })),
    methods,
    totalsByMethod: (['card', 'transfer', 'manual'] as const).map((method) => ({
      method,
      ...methods
        .filter((m) => m.method === method)
        .map(figuresOf)
        .reduce(add, noFunding),
    })),
    totals: methods.map(figuresOf).reduce(add, noFunding),
  };
}

export function aUsersReport(
  range: { from: string; to: string; period?: ReportPeriod },
  counts: Record<string, number> = {},
): UsersReport {
  const period = range.period ?? 'day';
  const periods = periodsBetween(range.from, range.to, period).map((start) => ({
    start,
    newUsers: counts[start] ?? 0,
  }));
  return {
    from: range.from,
    to: range.to,
    period,
    periods,
    totals: { newUsers: periods.reduce((total, row) => total + row.newUsers, 0) },
  };
}

const noProfitOrLoss: Wire<ProfitAndLossFigures> = {
  salesKobo: 0,
  costKobo: 0,
  marginKobo: 0,
  gatewayFeesKobo: 0,
  referralRewardsKobo: 0,
  depositChargesKobo: 0,
  goodwillCreditsKobo: 0,
  goodwillDebitsKobo: 0,
  providerLossesWrittenOffKobo: 0,
  providerLossesRecoveredKobo: 0,
  profitKobo: 0,
};

/** A profit and loss report over a range, each period's figures given by its first date (the rest are zero). */
export function aProfitAndLossReport(
  range: { from: string; to: string; period?: ReportPeriod },
  figures: Record<string, Partial<Wire<ProfitAndLossFigures>>> = {},
): Wire<ProfitAndLossReport> {
  const period = range.period ?? 'day';
  const periods = periodsBetween(range.from, range.to, period).map((start) => ({
    start,
    ...noProfitOrLoss,
    ...figures[start],
  }));
  const totals = { ...noProfitOrLoss };
  for (const row of periods) {
    for (const key of Object.keys(totals) as (keyof ProfitAndLossFigures)[]) totals[key] += row[key];
  }
  return { from: range.from, to: range.to, period, periods, totals };
}

export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'aud_01JQ0000000000000000000001',
    at: '2025-03-12T13:05:00.000Z',
    actorId: 'usr_admin',
    actorLabel: 'ada@example.com',
    action: 'user.suspend',
    targetType: 'user',
    targetId: 'usr_target1',
    before: { suspendedAt: null },
    after: { suspendedAt: '2025-03-12T13:05:00.000Z' },
    reason: 'Chargebacks',
    ip: '203.0.113.7',
    ...overrides,
  };
}
