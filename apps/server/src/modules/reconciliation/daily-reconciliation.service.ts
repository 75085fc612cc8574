import { desc, eq, gte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  reconciliationDifference,
  reconciliationMessages as say,
  reconciliationTotals,
  RECONCILIATION_DAYS_LISTED,
  type ReconciliationDifference,
  type ReconciliationStatus,
  type ReconciliationTotals,
} from '@quickvend/shared/api/daily-reconciliation';
import { addDays, isCalendarDate, lagosDateOf, lagosMidnight } from '@quickvend/shared/periods';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { FloatMonitor } from '../admin/index.ts';
import type { Actor } from '../audit/index.ts';
import type { CheckedPurchase, ProviderWord, PurchaseChecks } from '../purchases/index.ts';
import {
  compareFloat,
  countInto,
  differenceOf,
  emptyTotals,
  reconciledPurchaseOf,
  type PurchaseLine,
} from './daily-reconciliation.compare.ts';
import { providerReconciliations } from './reconciliation.tables.ts';

export const RECONCILE_DAY_JOB = 'reconciliation.reconcile-day';
/** 00:15 in Lagos: after the float readings around midnight, for the day before. */
export const RECONCILE_DAY_CRON = '15 0 * * *';

const ASKED_AT_ONCE = 4;

export type DeliveredWord = Extract<ProviderWord, { status: 'delivered' }>;

export type DailyReconciliationDeps = {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  purchases: Pick<PurchaseChecks, 'listMade' | 'find' | 'ask'>;
  float: Pick<FloatMonitor, 'readingsFor'>;
  /**
   * Asks VTpass about an open purchase and applies its answer, as the back office's requery does.
   * @throws CONFLICT when the purchase is already final
   */
  requeryOpen: (purchaseId: string, actor: Actor) => Promise<unknown>;
  /** told of each refunded purchase VTpass says it delivered, so it is flagged as a provider-side loss */
  onRefundedDelivered?: (purchaseId: string, answer: DeliveredWord) => Promise<unknown>;
};

/** One day's result as it is kept. */
export type ReconciledDay = {
  day: string;
  ranAt: Date;
  ranBy: string | null;
  status: ReconciliationStatus;
  totals: ReconciliationTotals;
  differences: ReconciliationDifference[];
};

type StoredDay = typeof providerReconciliations.$inferSelect;

const storedDifferences = z.array(reconciliationDifference);

function toDay(row: StoredDay): ReconciledDay {
  return {
    day: row.day,
    ranAt: row.ranAt,
    ranBy: row.ranBy,
    status: row.status === 'balanced' ? 'balanced' : 'differences',
    totals: reconciliationTotals.parse(row.totals),
    differences: storedDifferences.parse(row.differences),
  };
}

const statusOf = (differences: readonly ReconciliationDifference[]): ReconciliationStatus =>
  differences.length === 0 ? 'balanced' : 'differences';

/**
 * Each day's purchases set beside VTpass's word on each, and the day's sales beside the float's movement.
 * The purchases of a day are those made on it (Lagos time), as they stand when it runs: a purchase still open
 * then is listed, whatever VTpass says. Running a day again replaces its result.
 */
export function createDailyReconciliation(deps: DailyReconciliationDeps) {
  const { db, clock, log, purchases } = deps;

  const today = () => lagosDateOf(clock.now());

  /** @throws VALIDATION_FAILED for a day that is not a date or has not begun */
  function checkDay(day: string): void {
    if (!isCalendarDate(day)) throw new AppError('VALIDATION_FAILED', 'Use a date such as 2025-03-12.');
    if (day > today()) throw new AppError('VALIDATION_FAILED', say.futureDay);
  }

  async function askAll(list: readonly CheckedPurchase[]): Promise<PurchaseLine[]> {
    const lines: PurchaseLine[] = [];
    let next = 0;
    const askNext = async (): Promise<void> => {
      for (let i = next++; i < list.length; i = next++) {
        const purchase = list[i];
        if (purchase) lines[i] = { purchase, word: await purchases.ask(purchase) };
      }
    };
    await Promise.all(Array.from({ length: Math.min(ASKED_AT_ONCE, list.length) }, askNext));
    return lines;
  }

  async function flagLosses(lines: readonly PurchaseLine[]): Promise<void> {
    for (const { purchase, word } of lines) {
      if (purchase.status !== 'failed' || word.status !== 'delivered' || !deps.onRefundedDelivered) continue;
      try {
        await deps.onRefundedDelivered(purchase.id, word);
      } catch (error) {
        log.error({ err: error, purchaseId: purchase.id }, 'a provider-side loss was not flagged');
      }
    }
  }

  async function store(result: ReconciledDay): Promise<void> {
    const values = {
      ranAt: result.ranAt,
      ranBy: result.ranBy,
      status: result.status,
      totals: result.totals,
      differences: result.differences,
    };
    await db
      .insert(providerReconciliations)
      .values({ id: newId('rcn'), day: result.day, ...values })
      .onConflictDoUpdate({ target: providerReconciliations.day, set: values });
  }

  function tell(result: ReconciledDay): void {
    const context = {
      day: result.day,
      differences: result.differences.length,
      differenceKobo: result.differences.reduce((sum, difference) => sum + difference.amountKobo, 0),
      kinds: [...new Set(result.differences.map((difference) => difference.kind))],
    };
    if (result.status === 'balanced') log.info(context, 'the day reconciles with VTpass');
    else log.warn(context, 'the day does not reconcile with VTpass');
  }

  async function get(day: string): Promise<ReconciledDay | null> {
    const [row] = await db.select().from(providerReconciliations).where(eq(providerReconciliations.day, day));
    return row ? toDay(row) : null;
  }

  return {
    /** The day before today, in Lagos: what the daily job checks. */
    yesterday: () => addDays(today(), -1),

    /**
     * Compares the day with VTpass and keeps the result, replacing any earlier one. `ranBy`: the admin who asked;
     * null for the job and the command line. @throws VALIDATION_FAILED for a day not yet begun
     */
    async run(day: string, ranBy: string | null = null): Promise<ReconciledDay> {
      checkDay(day);
      const from = lagosMidnight(day);
      const to = lagosMidnight(addDays(day, 1));
      const readings = await deps.float.readingsFor({ from, to });
      const windowFrom = readings.start && readings.start.checkedAt < from ? readings.start.checkedAt : from;
      const made = await purchases.listMade({ from: windowFrom, to });
      const lines = await askAll(made.filter((purchase) => purchase.createdAt >= from));

      const totals = emptyTotals();
      for (const line of lines) countInto(totals, reconciledPurchaseOf(line));
      const { start, end } = readings;
      const float = compareFloat(
        start && end
          ? {
              start,
              end,
              salesKobo: made
                .filter(
                  (purchase) =>
                    purchase.status === 'delivered' &&
                    purchase.createdAt >= start.checkedAt &&
                    purchase.createdAt < end.checkedAt,
                )
                .reduce((sum, purchase) => sum + (purchase.costKobo ?? 0), 0),
            }
          : null,
      );
      const differences = [
        ...lines.flatMap((line) => differenceOf(line) ?? []),
        ...(float.difference ? [float.difference] : []),
      ];
      const result: ReconciledDay = {
        day,
        ranAt: clock.now(),
        ranBy,
        status: statusOf(differences),
        totals: { ...totals, float: float.float },
        differences,
      };
      await store(result);
      tell(result);
      await flagLosses(lines);
      return result;
    },

    get,

    /** The last days' results, newest first. */
    async list(): Promise<ReconciledDay[]> {
      const rows = await db
        .select()
        .from(providerReconciliations)
        .where(gte(providerReconciliations.day, addDays(today(), 1 - RECONCILIATION_DAYS_LISTED)))
        .orderBy(desc(providerReconciliations.day));
      return rows.map(toDay);
    },

    /**
     * Asks VTpass again about one purchase among the day's differences (an open one has the answer applied, as
     * the back office's requery does) and puts what it says now in the day's result: the difference changes or
     * goes, and the totals follow. The float's comparison stays as the last run found it.
     * @throws NOT_FOUND when the day was not run or the purchase is not among its differences
     */
    async recheck(day: string, purchaseId: string, actor: Actor): Promise<ReconciledDay> {
      const isListed = (result: ReconciledDay | null) =>
        result?.differences.some((difference) => difference.purchase?.id === purchaseId) ?? false;
      const before = await get(day);
      if (!before) throw new AppError('NOT_FOUND', say.notRun);
      if (!isListed(before)) throw new AppError('NOT_FOUND', say.notADifference);
      let purchase = await purchases.find(purchaseId);
      if (purchase?.status === 'open') {
        try {
          await deps.requeryOpen(purchaseId, actor);
        } catch (error) {
          // final since it was read: there is nothing to apply, only to look at
          if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        }
        purchase = await purchases.find(purchaseId);
      }
      if (!purchase) throw new AppError('NOT_FOUND', say.notADifference);
      const line: PurchaseLine = { purchase, word: await purchases.ask(purchase) };
      const now = reconciledPurchaseOf(line);
      const difference = differenceOf(line);

      const result = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(providerReconciliations)
          .where(eq(providerReconciliations.day, day))
          .for('update');
        if (!row) throw new AppError('NOT_FOUND', say.notRun);
        const current = toDay(row);
        // asked about at the same time by someone else, who found it settled: nothing left to replace
        if (!isListed(current)) return current;
        const { float, ...counted } = current.totals;
        const differences = current.differences.flatMap((listed) => {
          if (listed.purchase?.id !== purchaseId) return [listed];
          countInto(counted, listed.purchase, -1);
          countInto(counted, now);
          return difference ? [difference] : [];
        });
        const changed = {
          ...current,
          status: statusOf(differences),
          totals: { ...counted, float },
          differences,
        };
        await tx
          .update(providerReconciliations)
          .set({ status: changed.status, totals: changed.totals, differences: changed.differences })
          .where(eq(providerReconciliations.day, day));
        return changed;
      });
      await flagLosses([line]);
      return result;
    },
  };
}

export type DailyReconciliation = ReturnType<typeof createDailyReconciliation>;
