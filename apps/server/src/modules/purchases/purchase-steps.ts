import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ESCALATED_MESSAGE } from '@quickvend/shared/purchase-progress';
import { kobo } from '@quickvend/shared/money';
import { databaseErrorOf, type Database, type Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { findServiceDefinition } from '../catalog/index.ts';
import { shardFor, type Ledger, type Posting } from '../ledger/index.ts';
import { ProviderUnavailableError, type BillsProvider, type ProviderOutcome } from './purchases.port.ts';
import { OPEN, type PurchaseRow } from './purchases.repo.ts';
import { purchases } from './purchases.tables.ts';

export const REQUERY_JOB = 'purchases.requery';
/**
 * Asks whether a refunded purchase was delivered after all (a provider-side loss): sent when the provider's
 * answer or callback says delivered for a purchase that is no longer open. Deduplicated per purchase per minute.
 */
export const CHECK_REFUNDED_JOB = 'purchases.check-refunded';
export type CheckRefundedJob = { purchaseId: string; detectedBy: 'callback' | 'requery' };

/** Sends the check at most once a minute per purchase, however many answers and callbacks say delivered. */
export function sendRefundedCheck(
  jobs: Pick<JobQueue, 'send'>,
  now: Date,
  job: CheckRefundedJob,
): Promise<string | null> {
  const minute = Math.floor(now.getTime() / 60_000);
  return jobs.send(CHECK_REFUNDED_JOB, job, { dedupeKey: `${job.purchaseId}:${minute}` });
}

/** Seconds before each successive requery of a pending purchase; hourly after the last. */
const BACKOFF_SECONDS = [15, 30, 60, 120, 300, 600, 1800];
const HOURLY = 3600;
const FLAG_AFTER_MS = 24 * 60 * 60_000;
/**
 * What a pending purchase promises the customer: delivered or refunded within this long of the purchase. The
 * engine asks the provider again exactly at that moment; a provider still answering "pending" then is escalated
 * to the team (an unknown answer is never taken as a failure, so it cannot simply be refunded).
 */
export const PENDING_DEADLINE_MS = 30 * 60_000;

const backoffSeconds = (checks: number) => BACKOFF_SECONDS[checks] ?? HOURLY;

export const CONFIRMING = 'We are confirming this purchase with the provider.';

export type DeliveredOutcome = Extract<ProviderOutcome, { status: 'delivered' }>;
/** What refund and keepPending need of an outcome: the message the customer sees. */
export type OutcomeNote = Pick<ProviderOutcome, 'message'>;
export type HeldPurchase = Pick<PurchaseRow, 'id' | 'serviceId' | 'chargedKobo' | 'heldShard'>;
/** What went wrong with a provider call, as the purchase's timeline shows it. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
export type NewPurchase = typeof purchases.$inferInsert & { userId: string; chargedKobo: number };

export type PurchaseStepsDeps = {
  db: Database;
  ledger: Ledger;
  provider: Pick<BillsProvider, 'purchase'>;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** told after each committed change a customer hears about: delivered, refunded, first pending, escalated */
  onOutcome?: (purchase: PurchaseRow) => void;
};

/**
 * The steps of a purchase (the order is in purchase-flow.ts). A hold is settled or refunded exactly once:
 * each of those is one statement that moves the money only if it moves the purchase out of OPEN.
 */
export function createPurchaseSteps(deps: PurchaseStepsDeps) {
  const { db, ledger, provider, clock, log } = deps;

  /**
   * Records the purchase and moves its price from the wallet into the hold, in one statement: both or neither.
   * Compensation: refund.
   * @returns the purchase, or null when this user already has one with this requestId
   * @throws INSUFFICIENT_FUNDS
   */
  async function hold(values: NewPurchase, memo: string): Promise<PurchaseRow | null> {
    // the settle or refund moves the money back out of this same shard
    const heldShard = shardFor(values.id);
    try {
      const held = await ledger.postWithRecord(
        {
          reference: `purchase:${values.id}:hold`,
          kind: 'purchase.hold',
          memo,
          shard: heldShard,
          postings: [
            {
              from: { wallet: values.userId },
              to: { system: 'held:purchases' },
              amountKobo: kobo(values.chargedKobo),
            },
          ],
        },
        { table: purchases, insert: { ...values, heldShard }, walletBalanceInto: 'balanceAfterKobo' },
      );
      if (!held) throw new Error('purchase hold returned no purchase');
      return held.record;
    } catch (error) {
      // a concurrent request with the same requestId got there first; this statement moved nothing
      if (databaseErrorOf(error)?.constraint === 'purchases_user_request_idx') return null;
      throw error;
    }
  }

  /** Asks the provider to deliver. Nothing to compensate: an answer we could not read is pending, never failed. */
  async function askProvider(row: PurchaseRow): Promise<ProviderOutcome> {
    const kind = findServiceDefinition(row.serviceId)?.kind;
    try {
      return await provider.purchase({
        requestId: row.providerRequestId,
        serviceId: row.serviceId,
        phone: row.phone,
        amountKobo: row.amountKobo,
        variationCode: row.variationCode ?? undefined,
        // data is credited to the number in billersCode
        billersCode: row.billersCode ?? (kind === 'data' ? row.phone : undefined),
        subscriptionType: row.subscriptionType ?? undefined,
        quantity: row.quantity ?? undefined,
      });
    } catch (error) {
      // the provider may have delivered it
      if (!(error instanceof ProviderUnavailableError))
        log.error({ err: error, purchaseId: row.id }, 'provider call failed');
      return { status: 'pending', message: CONFIRMING, code: null, raw: { error: errorText(error) } };
    }
  }

  /**
   * Delivered: the hold goes to the provider, and any commission to our margin. Final: corrections would be
   * reversals in the ledger. Inside the caller's transaction when given one (an approved delivery), else one
   * statement of its own. @returns the delivered purchase, or null when it was already final
   */
  async function settle(
    held: HeldPurchase,
    outcome: DeliveredOutcome,
    tx?: Transaction,
  ): Promise<PurchaseRow | null> {
    const { id } = held;
    const heldAccount = { system: 'held:purchases' } as const;
    const vtpass = { system: 'provider:vtpass' } as const;
    const charged = held.chargedKobo;
    const cost = outcome.costKobo ?? charged;
    const postings: Posting[] = [
      { from: heldAccount, to: vtpass, amountKobo: kobo(Math.min(cost, charged)) },
    ];
    if (charged > cost)
      postings.push({ from: heldAccount, to: { system: 'income:margin' }, amountKobo: kobo(charged - cost) });
    if (cost > charged)
      postings.push({
        from: { system: 'expense:discounts' },
        to: vtpass,
        amountKobo: kobo(cost - charged),
      });
    const now = clock.now();
    const delivered = await ledger.postWithRecord(
      {
        reference: `purchase:${id}:settle`,
        kind: 'purchase.settle',
        memo: `Delivered ${held.serviceId}`,
        shard: held.heldShard,
        postings,
      },
      {
        table: purchases,
        update: {
          status: 'delivered',
          message: outcome.message,
          providerReference: outcome.providerReference,
          costKobo: outcome.costKobo,
          token: outcome.token,
          pins: outcome.pins,
          units: outcome.units,
          receiptLines: outcome.receiptLines,
          finalizedAt: now,
          updatedAt: now,
          nextCheckAt: null,
        },
        where: { id, status: OPEN },
      },
      tx,
    );
    const settled = delivered?.record ?? null;
    // inside an outer transaction the caller has not committed yet: it announces the outcome after commit
    if (settled && !tx) deps.onOutcome?.(settled);
    return settled;
  }

  /**
   * Failed: the whole hold goes back to the wallet, and the purchase keeps the wallet's balance after it. Final. Inside the caller's transaction when given one (an
   * admin's refund commits with its audit record). @returns the failed purchase, or null when it was already final
   */
  async function refund(id: string, outcome: OutcomeNote, outer?: Transaction): Promise<PurchaseRow | null> {
    const inTransaction = <T>(work: (tx: Transaction) => Promise<T>) =>
      outer ? work(outer) : db.transaction(work);
    const refunded = await inTransaction(async (tx) => {
      const [row] = await tx
        .update(purchases)
        .set({
          status: 'failed',
          message: outcome.message,
          finalizedAt: clock.now(),
          updatedAt: clock.now(),
          nextCheckAt: null,
        })
        .where(and(eq(purchases.id, id), inArray(purchases.status, OPEN)))
        .returning();
      if (!row) return null;
      const posted = await ledger.post(
        {
          reference: `purchase:${id}:refund`,
          kind: 'purchase.refund',
          memo: `Refund: ${row.serviceId} ${row.phone}`,
          shard: row.heldShard,
          postings: [
            {
              from: { system: 'held:purchases' },
              to: { wallet: row.userId },
              amountKobo: row.chargedKobo,
            },
          ],
        },
        tx,
        // said once the refund has committed: see below
        { callerAnnounces: !outer },
      );
      // the receipt's balance after is the wallet's balance once the money is back
      const balanceAfterKobo = posted.walletBalances.get(row.userId);
      if (balanceAfterKobo === undefined) return row;
      const [refunded] = await tx
        .update(purchases)
        .set({ balanceAfterKobo })
        .where(eq(purchases.id, id))
        .returning();
      return refunded ?? row;
    });
    if (refunded && !outer) {
      ledger.announce([refunded.userId]);
      deps.onOutcome?.(refunded);
    }
    return refunded;
  }

  /**
   * Not final yet: the requery job asks again later, with backoff, and ends it in settle or refund. Moves no
   * money. @returns the pending purchase, or null when it was already final
   */
  async function keepPending(id: string, outcome: OutcomeNote): Promise<PurchaseRow | null> {
    const now = clock.now();
    const nowSql = sql`${now}::timestamptz`;
    const isPastDeadline = sql`${purchases.resolveBy} <= ${nowSql}`;
    const backoff = sql`${nowSql} + interval '1 second' * (case ${purchases.checks} ${sql.raw(
      BACKOFF_SECONDS.map((seconds, i) => `when ${i} then ${seconds}`).join(' '),
    )} else ${HOURLY} end)`;
    const [row] = await db
      .update(purchases)
      .set({
        status: 'pending',
        message: sql`case when ${isPastDeadline} then ${ESCALATED_MESSAGE} else ${outcome.message} end`,
        checks: sql`${purchases.checks} + 1`,
        // the requery before the deadline falls on it, so the promise is checked when it falls due
        nextCheckAt: sql`case when ${purchases.resolveBy} > ${nowSql} then least(${backoff}, ${purchases.resolveBy}) else ${backoff} end`,
        updatedAt: now,
        flaggedAt: sql`case when ${purchases.flaggedAt} is null and (${isPastDeadline} or ${purchases.createdAt} < ${new Date(now.getTime() - FLAG_AFTER_MS)}) then ${nowSql} else ${purchases.flaggedAt} end`,
      })
      .where(and(eq(purchases.id, id), inArray(purchases.status, OPEN)))
      .returning();
    if (!row) return null;
    const isJustEscalated = row.message === ESCALATED_MESSAGE && row.flaggedAt?.getTime() === now.getTime();
    if (row.checks === 1 || isJustEscalated) deps.onOutcome?.(row);
    const dueInSeconds = row.nextCheckAt
      ? Math.max(0, Math.ceil((row.nextCheckAt.getTime() - now.getTime()) / 1000))
      : backoffSeconds(row.checks - 1);
    await deps.jobs.send(
      REQUERY_JOB,
      { purchaseId: id },
      { startAfterSeconds: dueInSeconds, dedupeKey: `${id}:${row.checks}` },
    );
    return row;
  }

  /** @returns the purchase when it was delivered just now (the other outcomes are read again by who needs them) */
  async function applyOutcome(row: HeldPurchase, outcome: ProviderOutcome): Promise<PurchaseRow | null> {
    switch (outcome.status) {
      case 'delivered': {
        const settled = await settle(row, outcome);
        // delivered, says the provider, of a purchase already final: refunded meanwhile, perhaps
        if (!settled)
          await sendRefundedCheck(deps.jobs, clock.now(), { purchaseId: row.id, detectedBy: 'requery' });
        return settled;
      }
      case 'failed':
        await refund(row.id, outcome);
        return null;
      case 'pending':
        await keepPending(row.id, outcome);
        return null;
    }
  }

  return { hold, askProvider, settle, refund, keepPending, applyOutcome };
}

export type PurchaseSteps = ReturnType<typeof createPurchaseSteps>;
