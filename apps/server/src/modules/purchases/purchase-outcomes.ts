import { and, eq, gte, inArray, isNull, lt, or, gt, sql, type SQL } from 'drizzle-orm';
import type { BillsProviderName } from '@quickvend/shared/providers';
import type { Database } from '../../db/client.ts';
import { OPEN } from './purchases.repo.ts';
import { purchaseFailovers, purchases } from './purchases.tables.ts';

/** What the live purchases of one service at one provider came to; `serviceId` null is the total of all. */
export type PurchaseOutcomeFigures = {
  serviceId: string | null;
  provider: BillsProviderName | null;
  purchases: number;
  delivered: number;
  failed: number;
  refunded: number;
  refundedKobo: number;
  pending: number;
  medianRefundMs: number | null;
  refundedWithin30s: number;
  pendingOver24h: number;
  moved: number;
};

/** A count per service and provider, and (serviceId null) the total of all. */
type Counted = { serviceId: string | null; provider: BillsProviderName | null; count: number };

const counted = sql<number>`count(*)`.mapWith(Number);
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const isFailed = sql`${purchases.status} = 'failed'`;
/** the refund is posted in the step that marks a purchase failed: its time is the purchase's finalizing */
const refundDuration = sql`${purchases.finalizedAt} - ${purchases.createdAt}`;
/** one row per service and provider, and one (both null) for all of them: the median cannot be summed */
const byServiceAndProvider = (
  service: SQL | typeof purchases.serviceId,
  provider: SQL | typeof purchases.provider,
) => sql`grouping sets ((${service}, ${provider}), ())`;

/**
 * The daily service report's figures, counted in the database (grouped there, off the created and finalized
 * indexes): the report reads a few rows per service, however many purchases a day holds. Live purchases only.
 */
export function createPurchaseOutcomeQueries(db: Database) {
  /** Purchases made from `from` (included) to `to` (excluded), by where they are now and how they ended. */
  async function outcomes(range: { from: Date; to: Date }) {
    return db
      .select({
        serviceId: purchases.serviceId,
        provider: purchases.provider,
        purchases: counted,
        delivered: countWhere(sql`${purchases.status} = 'delivered'`),
        failed: countWhere(isFailed),
        refunded: countWhere(sql`${isFailed} and ${purchases.finalizedAt} is not null`),
        refundedKobo:
          sql<number>`coalesce(sum(${purchases.chargedKobo}) filter (where ${isFailed}), 0)`.mapWith(Number),
        pending: countWhere(inArray(purchases.status, OPEN)),
        medianRefundMs: sql<
          number | null
        >`round(percentile_cont(0.5) within group (order by extract(epoch from ${refundDuration}) * 1000) filter (where ${isFailed} and ${purchases.finalizedAt} is not null))`.mapWith(
          (value: unknown) => (value === null ? null : Number(value)),
        ),
        refundedWithin30s: countWhere(
          sql`${isFailed} and ${purchases.finalizedAt} is not null and ${refundDuration} <= interval '30 seconds'`,
        ),
      })
      .from(purchases)
      .where(
        and(
          eq(purchases.mode, 'live'),
          gte(purchases.createdAt, range.from),
          lt(purchases.createdAt, range.to),
        ),
      )
      .groupBy(byServiceAndProvider(sql`${purchases.serviceId}`, sql`${purchases.provider}`));
  }

  /**
   * Purchases open at `at` that were made before `madeBefore`: open now, or ended only after `at`. Any day's
   * purchases, read off the finalized index (open ones have none) and the created one.
   */
  async function openAt(at: Date, madeBefore: Date): Promise<Counted[]> {
    return db
      .select({ serviceId: purchases.serviceId, provider: purchases.provider, count: counted })
      .from(purchases)
      .where(
        and(
          eq(purchases.mode, 'live'),
          lt(purchases.createdAt, madeBefore),
          or(isNull(purchases.finalizedAt), gt(purchases.finalizedAt, at)),
        ),
      )
      .groupBy(byServiceAndProvider(sql`${purchases.serviceId}`, sql`${purchases.provider}`));
  }

  /** Of the purchases made in the range, those that left a provider after its definite failure there, by that provider. */
  async function movedAway(range: { from: Date; to: Date }): Promise<Counted[]> {
    return db
      .select({ serviceId: purchases.serviceId, provider: purchaseFailovers.provider, count: counted })
      .from(purchaseFailovers)
      .innerJoin(purchases, eq(purchases.id, purchaseFailovers.purchaseId))
      .where(
        and(
          eq(purchases.mode, 'live'),
          gte(purchases.createdAt, range.from),
          lt(purchases.createdAt, range.to),
        ),
      )
      .groupBy(byServiceAndProvider(sql`${purchases.serviceId}`, sql`${purchaseFailovers.provider}`));
  }

  return {
    /**
     * One Lagos day's figures: the purchases made from `from` to `to`, and those made more than a day before
     * `to` still open at `to`. One row per service and provider that had any, and one (`serviceId` null) for all.
     */
    async dailyOutcomes(range: {
      from: Date;
      to: Date;
      overdueBefore: Date;
    }): Promise<PurchaseOutcomeFigures[]> {
      const [made, overdue, moved] = await Promise.all([
        outcomes(range),
        openAt(range.to, range.overdueBefore),
        movedAway(range),
      ]);
      const rows = new Map<string, PurchaseOutcomeFigures>();
      const rowOf = (serviceId: string | null, provider: BillsProviderName | null) => {
        const key = `${serviceId ?? ''} ${provider ?? ''}`;
        const row = rows.get(key) ?? {
          serviceId,
          provider,
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
        rows.set(key, row);
        return row;
      };
      for (const figures of made) Object.assign(rowOf(figures.serviceId, figures.provider), figures);
      for (const { serviceId, provider, count } of overdue) rowOf(serviceId, provider).pendingOver24h = count;
      for (const { serviceId, provider, count } of moved) rowOf(serviceId, provider).moved = count;
      // the total exists even on a day with nothing
      rowOf(null, null);
      return [...rows.values()];
    },
  };
}

export type PurchaseOutcomeQueries = ReturnType<typeof createPurchaseOutcomeQueries>;
