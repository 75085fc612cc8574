import type {
  FundingFigures,
  FundingMethod,
  FundingsReport,
  ProfitAndLossFigures,
  ProfitAndLossReport,
  ReportGrouping,
  ReportQuery,
  SalesFigures,
  SalesReport,
  UsersReport,
} from '@quickvend/shared/api/reports';
import { DEFAULT_REPORT_DAYS, fundingMethods, MAX_REPORT_DAYS } from '@quickvend/shared/api/reports';
import { findCatalogueService } from '@quickvend/shared/catalog';
import { kobo, negateKobo, type Kobo } from '@quickvend/shared/money';
import {
  addDays,
  daysInRange,
  lagosDateOf,
  lagosMidnight,
  periodsBetween,
  periodStartOf,
  type ReportPeriod,
} from '@quickvend/shared/periods';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthReportQueries } from '../auth/index.ts';
import type { FundingReportQueries } from '../funding/index.ts';
import type { EntryKind, Ledger, LedgerDaySum, SystemAccount } from '../ledger/index.ts';
import type { PurchaseReportQueries } from '../purchases/index.ts';
import { createNccDailyReport, type NccDailyDeps } from './ncc-daily.service.ts';

export type ReportsDeps = {
  purchases: PurchaseReportQueries;
  fundings: FundingReportQueries;
  users: AuthReportQueries;
  ledger: Pick<Ledger, 'movementsByReference' | 'sumByDayAccountAndKind'>;
  clock: Clock;
  /** the daily service report's own (its clock is the one above) */
  nccDaily: Omit<NccDailyDeps, 'clock'>;
};

/** A range of Lagos calendar days, both counted, and the instants it runs between. */
export type ReportRange = { from: string; to: string; period: ReportPeriod; start: Date; end: Date };

type Moves = Map<string, number>;
const moved = (moves: Moves | undefined, account: SystemAccount | 'wallet') => kobo(moves?.get(account) ?? 0);

const emptySales = (): SalesFigures => ({
  purchases: 0,
  delivered: 0,
  failed: 0,
  pending: 0,
  salesKobo: kobo(0),
  costKobo: kobo(0),
  marginKobo: kobo(0),
  refundsKobo: kobo(0),
  failureRateBps: null,
});

const emptyFunding = (): FundingFigures => ({
  count: 0,
  amountKobo: kobo(0),
  creditedKobo: kobo(0),
  chargesKobo: kobo(0),
  gatewayFeesKobo: kobo(0),
});

/** failed ÷ (delivered + failed), in basis points, rounded half up; pending purchases have no outcome yet */
function withFailureRate<T extends SalesFigures>(figures: T): T {
  const finished = figures.delivered + figures.failed;
  const failureRateBps =
    finished === 0 ? null : Math.floor((figures.failed * 10_000 * 2 + finished) / (finished * 2));
  return { ...figures, failureRateBps };
}

function addSales(into: SalesFigures, from: SalesFigures): void {
  into.purchases += from.purchases;
  into.delivered += from.delivered;
  into.failed += from.failed;
  into.pending += from.pending;
  into.salesKobo = kobo(into.salesKobo + from.salesKobo);
  into.costKobo = kobo(into.costKobo + from.costKobo);
  into.marginKobo = kobo(into.marginKobo + from.marginKobo);
  into.refundsKobo = kobo(into.refundsKobo + from.refundsKobo);
}

function addFunding(into: FundingFigures, from: FundingFigures): void {
  into.count += from.count;
  into.amountKobo = kobo(into.amountKobo + from.amountKobo);
  into.creditedKobo = kobo(into.creditedKobo + from.creditedKobo);
  into.chargesKobo = kobo(into.chargesKobo + from.chargesKobo);
  into.gatewayFeesKobo = kobo(into.gatewayFeesKobo + from.gatewayFeesKobo);
}

const emptyProfitAndLoss = (): ProfitAndLossFigures => ({
  salesKobo: kobo(0),
  costKobo: kobo(0),
  marginKobo: kobo(0),
  gatewayFeesKobo: kobo(0),
  referralRewardsKobo: kobo(0),
  depositChargesKobo: kobo(0),
  goodwillCreditsKobo: kobo(0),
  goodwillDebitsKobo: kobo(0),
  providerLossesWrittenOffKobo: kobo(0),
  providerLossesRecoveredKobo: kobo(0),
  profitKobo: kobo(0),
});

function addProfitAndLoss(into: ProfitAndLossFigures, from: ProfitAndLossFigures): void {
  for (const key of Object.keys(into) as (keyof ProfitAndLossFigures)[])
    into[key] = kobo(into[key] + from[key]);
}

/** One period's lines of the profit and loss statement, from what the ledger moved in it. */
function profitAndLossOf(sums: readonly LedgerDaySum[], gatewayFeesKobo: Kobo): ProfitAndLossFigures {
  const net = (account: SystemAccount | 'wallet', kind?: EntryKind) =>
    sums
      .filter((sum) => sum.account === account && (kind === undefined || sum.kind === kind))
      .reduce((total, sum) => kobo(total + sum.addedKobo + sum.takenKobo), kobo(0));
  const salesKobo = negateKobo(net('held:purchases', 'purchase.settle'));
  // what every aggregator took for what it delivered
  const costKobo = kobo(
    net('provider:vtpass', 'purchase.settle') + net('provider:flutterwave', 'purchase.settle'),
  );
  const equity = sums.filter((sum) => sum.account === 'equity:adjustments');
  const figures = {
    salesKobo,
    costKobo,
    marginKobo: kobo(salesKobo - costKobo),
    gatewayFeesKobo,
    referralRewardsKobo: negateKobo(net('expense:referrals')),
    depositChargesKobo: net('income:fees'),
    // a credit takes from equity, a debit gives to it
    goodwillCreditsKobo: kobo(-equity.reduce((total, sum) => total + sum.takenKobo, 0)),
    goodwillDebitsKobo: kobo(equity.reduce((total, sum) => total + sum.addedKobo, 0)),
    providerLossesWrittenOffKobo: negateKobo(net('expense:provider-losses')),
    // the customer paid back more or less than the provider took: the difference is the recovery's margin
    providerLossesRecoveredKobo: kobo(
      -(net('wallet', 'provider-loss.recover') + net('provider:vtpass', 'provider-loss.recover')),
    ),
  };
  const profitKobo = kobo(
    figures.marginKobo +
      figures.depositChargesKobo +
      figures.goodwillDebitsKobo +
      figures.providerLossesRecoveredKobo -
      figures.gatewayFeesKobo -
      figures.referralRewardsKobo -
      figures.goodwillCreditsKobo -
      figures.providerLossesWrittenOffKobo,
  );
  return { ...figures, profitKobo };
}

const groupLabel = (grouping: ReportGrouping, group: string) =>
  grouping === 'channel' ? (group === 'api' ? 'API' : 'Web') : (findCatalogueService(group)?.name ?? group);

const invalid = (field: 'from' | 'to', message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });

/**
 * Sales, fundings and sign-ups per day, week or month on the Lagos calendar. Every amount is what the ledger
 * moved; purchases, fundings and accounts say which period, service, channel or method it belongs to.
 */
export function createReports(deps: ReportsDeps) {
  /**
   * The range asked for, or the last 30 days up to today.
   * @throws VALIDATION_FAILED when the range runs backwards or is longer than a year
   */
  function rangeOf(query: ReportQuery): ReportRange {
    const to =
      query.to ?? (query.from ? addDays(query.from, DEFAULT_REPORT_DAYS - 1) : lagosDateOf(deps.clock.now()));
    const from = query.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
    if (from > to) throw invalid('to', 'The end date must be on or after the start date.');
    if (daysInRange(from, to) > MAX_REPORT_DAYS)
      throw invalid('to', `Choose a range of at most ${MAX_REPORT_DAYS} days.`);
    return { from, to, period: query.period, start: lagosMidnight(from), end: lagosMidnight(addDays(to, 1)) };
  }

  const periodOf = (range: ReportRange, instant: Date) => periodStartOf(lagosDateOf(instant), range.period);

  async function sales(range: ReportRange, groupBy: ReportGrouping | undefined): Promise<SalesReport> {
    const facts = await deps.purchases.listPurchaseFacts({ from: range.start, to: range.end });
    const moves = await deps.ledger.movementsByReference(
      facts.flatMap((fact) => [fact.settleReference, fact.refundReference]),
    );
    const periods = new Map(periodsBetween(range.from, range.to, range.period).map((p) => [p, emptySales()]));
    const groups = new Map<string, SalesFigures & { start: string; group: string }>();
    for (const fact of facts) {
      const settled = moves.get(fact.settleReference);
      const refunded = moves.get(fact.refundReference);
      const figures: SalesFigures = {
        ...emptySales(),
        purchases: 1,
        delivered: fact.status === 'delivered' ? 1 : 0,
        failed: fact.status === 'failed' ? 1 : 0,
        pending: fact.status === 'processing' || fact.status === 'pending' ? 1 : 0,
        // the hold the settlement emptied is what the customer paid
        salesKobo: negateKobo(moved(settled, 'held:purchases')),
        costKobo: kobo(moved(settled, 'provider:vtpass') + moved(settled, 'provider:flutterwave')),
        marginKobo: kobo(moved(settled, 'income:margin') + moved(settled, 'expense:discounts')),
        refundsKobo: moved(refunded, 'wallet'),
      };
      const start = periodOf(range, fact.createdAt);
      const period = periods.get(start);
      if (period) addSales(period, figures);
      if (groupBy) {
        const group = groupBy === 'service' ? fact.serviceId : fact.channel;
        const key = `${start} ${group}`;
        const row = groups.get(key) ?? { ...emptySales(), start, group };
        addSales(row, figures);
        groups.set(key, row);
      }
    }
    const totals = emptySales();
    for (const figures of periods.values()) addSales(totals, figures);
    return {
      from: range.from,
      to: range.to,
      period: range.period,
      groupBy: groupBy ?? null,
      periods: [...periods].map(([start, figures]) => ({ start, ...withFailureRate(figures) })),
      groups: [...groups.values()]
        .sort(
          (a, b) =>
            a.start.localeCompare(b.start) || b.salesKobo - a.salesKobo || a.group.localeCompare(b.group),
        )
        .map((row) => ({
          ...withFailureRate(row),
          label: groupBy ? groupLabel(groupBy, row.group) : row.group,
        })),
      totals: withFailureRate(totals),
    };
  }

  async function fundings(range: ReportRange): Promise<FundingsReport> {
    const facts = await deps.fundings.listFundingFacts({ from: range.start, to: range.end });
    const moves = await deps.ledger.movementsByReference(facts.map((fact) => fact.reference));
    const periods = new Map(
      periodsBetween(range.from, range.to, range.period).map((p) => [p, emptyFunding()]),
    );
    const byMethod = new Map<FundingMethod, FundingFigures>(fundingMethods.map((m) => [m, emptyFunding()]));
    const rows = new Map<string, FundingFigures & { start: string; method: FundingMethod }>();
    for (const fact of facts) {
      const entry = moves.get(fact.reference);
      // a funding whose credit the ledger does not hold has not reached a wallet: nothing to count
      if (!entry) continue;
      const credited = moved(entry, 'wallet');
      const charges = moved(entry, 'income:fees');
      const figures: FundingFigures = {
        count: 1,
        amountKobo: kobo(credited + charges),
        creditedKobo: credited,
        chargesKobo: charges,
        gatewayFeesKobo: kobo(fact.gatewayFeesKobo ?? 0),
      };
      const start = periodOf(range, fact.creditedAt);
      const period = periods.get(start);
      if (period) addFunding(period, figures);
      const method = byMethod.get(fact.method);
      if (method) addFunding(method, figures);
      const key = `${start} ${fact.method}`;
      const row = rows.get(key) ?? { ...emptyFunding(), start, method: fact.method };
      addFunding(row, figures);
      rows.set(key, row);
    }
    const totals = emptyFunding();
    for (const figures of periods.values()) addFunding(totals, figures);
    const methodOrder = (method: FundingMethod) => fundingMethods.indexOf(method);
    return {
      from: range.from,
      to: range.to,
      period: range.period,
      periods: [...periods].map(([start, figures]) => ({ start, ...figures })),
      methods: [...rows.values()].sort(
        (a, b) => a.start.localeCompare(b.start) || methodOrder(a.method) - methodOrder(b.method),
      ),
      totalsByMethod: [...byMethod].map(([method, figures]) => ({ method, ...figures })),
      totals,
    };
  }

  async function users(range: ReportRange): Promise<UsersReport> {
    const times = await deps.users.listSignUpTimes({ from: range.start, to: range.end });
    const periods = new Map(periodsBetween(range.from, range.to, range.period).map((p) => [p, 0]));
    for (const time of times) {
      const start = periodOf(range, time);
      const count = periods.get(start);
      if (count !== undefined) periods.set(start, count + 1);
    }
    return {
      from: range.from,
      to: range.to,
      period: range.period,
      periods: [...periods].map(([start, newUsers]) => ({ start, newUsers })),
      totals: { newUsers: times.length },
    };
  }

  async function profitAndLoss(range: ReportRange): Promise<ProfitAndLossReport> {
    const sums = await deps.ledger.sumByDayAccountAndKind({ from: range.start, to: range.end });
    const facts = await deps.fundings.listFundingFacts({ from: range.start, to: range.end });
    const starts = periodsBetween(range.from, range.to, range.period);
    const sumsOf = new Map(starts.map((start) => [start, [] as LedgerDaySum[]]));
    for (const sum of sums) sumsOf.get(periodStartOf(sum.day, range.period))?.push(sum);
    const feesOf = new Map(starts.map((start) => [start, 0]));
    for (const fact of facts) {
      const start = periodOf(range, fact.creditedAt);
      feesOf.set(start, (feesOf.get(start) ?? 0) + (fact.gatewayFeesKobo ?? 0));
    }
    const periods = starts.map((start) => ({
      start,
      ...profitAndLossOf(sumsOf.get(start) ?? [], kobo(feesOf.get(start) ?? 0)),
    }));
    const totals = emptyProfitAndLoss();
    for (const period of periods) addProfitAndLoss(totals, period);
    return { from: range.from, to: range.to, period: range.period, periods, totals };
  }

  const nccDaily = createNccDailyReport({ ...deps.nccDaily, clock: deps.clock });

  return { rangeOf, sales, fundings, users, profitAndLoss, nccDaily };
}

export type Reports = ReturnType<typeof createReports>;
