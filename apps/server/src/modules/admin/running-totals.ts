import { sql } from 'drizzle-orm';
import { formatNaira, kobo, type Kobo } from '@quickvend/shared/money';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Approvals } from '../approvals/index.ts';
import { MANUAL_DEPOSIT_APPROVAL, type FundingService } from '../funding/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Settings } from '../settings/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether one more credit, debit or deposit keeps an admin within what they may do alone. */
export type LimitVerdict =
  | { isWithin: true }
  | {
      isWithin: false;
      /** `customer`: the threshold for one customer; `all`: the daily limit, every customer together */
      scope: 'customer' | 'all';
      /** what the admin's own credits and debits would come to with this one */
      totalKobo: Kobo;
      limitKobo: Kobo;
      /** the same, in words for the admin */
      why: string;
    };

export type Totals = { toCustomerKobo: Kobo; inAllKobo: Kobo };

const ASK = 'another admin must approve this on the Approvals page.';

export function verdictOf(
  earlier: Totals,
  amountKobo: Kobo,
  limits: { thresholdKobo: number; dailyLimitKobo: number },
): LimitVerdict {
  const toCustomerKobo = kobo(earlier.toCustomerKobo + amountKobo);
  const inAllKobo = kobo(earlier.inAllKobo + amountKobo);
  const over = (scope: 'customer' | 'all', totalKobo: Kobo, limit: number, earlierKobo: number) => {
    const limitKobo = kobo(limit);
    const named =
      scope === 'customer'
        ? `the ${formatNaira(limitKobo)} limit`
        : `the ${formatNaira(limitKobo)} daily limit for one admin`;
    const whose = scope === 'customer' ? 'to this customer' : 'to all customers';
    const why =
      earlierKobo === 0
        ? `${formatNaira(amountKobo)} is above ${named}: ${ASK}`
        : `Your credits and debits ${whose} in the last 24 hours would come to ${formatNaira(totalKobo)}, above ${named}: ${ASK}`;
    return { isWithin: false as const, scope, totalKobo, limitKobo, why };
  };
  if (toCustomerKobo > limits.thresholdKobo)
    return over('customer', toCustomerKobo, limits.thresholdKobo, earlier.toCustomerKobo);
  if (inAllKobo > limits.dailyLimitKobo)
    return over('all', inAllKobo, limits.dailyLimitKobo, earlier.inAllKobo);
  return { isWithin: true };
}

/**
 * An admin's running totals: what they credited and debited alone (no second admin) over the last 24 hours, to
 * one customer against `approvals.thresholdKobo` and to everyone against `approvals.dailyLimitKobo`. Wallet
 * adjustments and manual deposits count together, as absolute amounts.
 */
export function createRunningTotals(deps: {
  db: Database;
  clock: Clock;
  ledger: Pick<Ledger, 'soloAdjustmentTotals'>;
  funding: Pick<FundingService, 'manualDepositsApprovedBy'>;
  approvals: Pick<Approvals, 'approvedAmong'>;
  settings: Pick<Settings, 'get'>;
}) {
  const { db, clock, ledger, funding, approvals, settings } = deps;

  async function totalsOf(adminId: string, userId: string, tx: Transaction): Promise<Totals> {
    const since = new Date(clock.now().getTime() - DAY_MS);
    const adjusted = await ledger.soloAdjustmentTotals(adminId, userId, since, tx);
    const deposits = await funding.manualDepositsApprovedBy(adminId, since, tx);
    const seconded = await approvals.approvedAmong(
      MANUAL_DEPOSIT_APPROVAL,
      deposits.map((deposit) => deposit.id),
      tx,
    );
    let toCustomerKobo: number = adjusted.toCustomerKobo;
    let inAllKobo: number = adjusted.inAllKobo;
    for (const deposit of deposits) {
      if (seconded.has(deposit.id)) continue;
      inAllKobo += deposit.amountKobo;
      if (deposit.userId === userId) toCustomerKobo += deposit.amountKobo;
    }
    return { toCustomerKobo: kobo(toCustomerKobo), inAllKobo: kobo(inAllKobo) };
  }

  return {
    /**
     * Runs `work` in a transaction that holds this admin's money lock, told whether `amountKobo` more to
     * `userId` keeps them within both limits. Two of one admin's requests at once take turns here, so they
     * cannot both slip under a limit; `work` must make (or ask for) the change in that same transaction.
     */
    async decide<T>(
      adminId: string,
      userId: string,
      amountKobo: Kobo,
      work: (tx: Transaction, verdict: LimitVerdict) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`admin-money:${adminId}`}))`);
        const earlier = await totalsOf(adminId, userId, tx);
        const limits = {
          thresholdKobo: await settings.get('approvals.thresholdKobo', tx),
          dailyLimitKobo: await settings.get('approvals.dailyLimitKobo', tx),
        };
        return work(tx, verdictOf(earlier, amountKobo, limits));
      });
    },
  };
}

export type RunningTotals = ReturnType<typeof createRunningTotals>;
