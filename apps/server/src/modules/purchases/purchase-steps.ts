import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CONFIRMING } from '@quickvend/shared/messages/purchase';
import {
  databaseErrorOf,
  inTransaction,
  type Database,
  type Executor,
  type Transaction,
} from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { REQUERY_JOB, sendRefundedCheck } from './purchases.jobs.ts';
import { findServiceDefinition } from '../catalog/index.ts';
import { shardFor, type Ledger } from '../ledger/index.ts';
import {
  nextPurchaseState,
  type DeliveredOutcome,
  type KeepPendingEffect,
  type ProviderAnswer,
  type StepPairs,
} from './purchase-lifecycle.ts';
import { endingEntry, holdEntry, keySpendOf, type Ending, type NewPurchase } from './purchase-entries.ts';
import { purchaseEventOf } from './purchase-events.ts';
import { createPurchaseMoves } from './purchase-moves.ts';
import type { PurchaseTimeline } from './purchase-timeline.ts';
import {
  ProviderUnavailableError,
  type BillsProvider,
  type KeySpendPort,
  type ProviderOutcome,
  type PurchaseRouting,
} from './purchases.port.ts';
import { OPEN, type PurchaseRow } from './purchases.repo.ts';
import { purchases } from './purchases.tables.ts';

export type { DeliveredOutcome } from './purchase-lifecycle.ts';
/** What refund and keepPending need of an outcome: the message the customer sees. */
export type OutcomeNote = Pick<ProviderOutcome, 'message'>;
/** What went wrong with a provider call, as the purchase's timeline shows it. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export type PurchaseStepsDeps = {
  db: Database;
  ledger: Ledger;
  provider: Pick<BillsProvider, 'purchase' | 'newRequestId'>;
  /** where a purchase goes after a definite failure at its provider; default: nowhere (VTpass only) */
  routing?: PurchaseRouting;
  /** a moved purchase's call to its next provider is on its timeline as the first call is */
  timeline?: Pick<PurchaseTimeline, 'record'>;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** a partner key's daily spend: raised with the hold, given back with the refund */
  keySpend: KeySpendPort;
  /**
   * Each change a customer hears of (delivered, refunded, first pending, escalated) records its event in its own
   * transaction and publishes it once committed; one a crash left unpublished is published by the sweep.
   */
  events?: Pick<DomainEvents, 'record' | 'publish'>;
};

/**
 * The steps of a purchase (PURCHASE_STEPS in purchase-lifecycle.ts names them, their order and what undoes
 * each). A hold is settled or refunded exactly once: `finalise` moves the money in the transaction that moves
 * the purchase out of OPEN, and only if that update found it open.
 */
export function createPurchaseSteps(deps: PurchaseStepsDeps) {
  const { db, ledger, provider, clock, log } = deps;
  const moves = createPurchaseMoves({ ...deps, askProvider: (row) => askProvider(row) });

  /**
   * Moves the purchase's price from the wallet into the hold and records the purchase, in one transaction: both
   * or neither. The hold is posted first, so the purchase keeps the wallet's balance after it.
   * @returns the purchase, or null when this user already has one with this requestId
   * @throws INSUFFICIENT_FUNDS
   */
  async function hold(values: NewPurchase, memo: string): Promise<PurchaseRow | null> {
    // the settle or refund moves the money back out of this same shard
    const heldShard = shardFor(values.id);
    try {
      // the flow read a balance that pays for it, so the wallet has its account
      const held = await db.transaction(async (tx) => {
        // before the wallet: a refund takes the spend's row first too, so the two never wait on each other
        const spend = keySpendOf(values);
        if (spend) await deps.keySpend.spend(tx, spend);
        const posted = await ledger.post(holdEntry(values, memo, heldShard), tx, { callerAnnounces: true });
        const balanceAfterKobo = posted.walletBalances.get(values.userId);
        const [row] = await tx
          .insert(purchases)
          .values({ ...values, heldShard, balanceAfterKobo })
          .returning();
        if (!row) throw new Error('purchase hold returned no purchase');
        return row;
      });
      ledger.announce([values.userId]);
      return held;
    } catch (error) {
      // a concurrent request with the same requestId got there first; its transaction moved nothing
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
        provider: row.provider,
      });
    } catch (error) {
      // the provider may have delivered it
      if (!(error instanceof ProviderUnavailableError))
        log.error({ err: error, purchaseId: row.id }, 'provider call failed');
      return { status: 'pending', message: CONFIRMING, code: null, raw: { error: errorText(error) } };
    }
  }

  async function recordEvent(row: PurchaseRow, tx: Transaction): Promise<void> {
    const event = purchaseEventOf(row);
    if (event) await deps.events?.record(event, tx);
  }

  /** Publishes the event recorded with a change that has committed (a caller's transaction: once it commits). */
  function publishEvent(row: PurchaseRow): void {
    const event = purchaseEventOf(row);
    if (event) deps.events?.publish(event, { justRecorded: true });
  }

  /**
   * Ends an open purchase and its hold together: the purchase leaves OPEN and the hold is posted on, or neither,
   * so a hold is settled or refunded exactly once however many answers race. Final: corrections would be
   * reversals in the ledger. Inside the caller's transaction when given one (an approved delivery or refund
   * commits with its audit record), and then the caller tells of the outcome once it has committed.
   * `at`: only while the purchase is still with that provider request id (the answer being applied is about it:
   * an answer from a provider the purchase has since left must not end it).
   * @returns the purchase as it ended, or null when it was already final (or had moved on from `at`)
   */
  async function finalise(
    id: string,
    ending: Ending,
    outer?: Transaction,
    at?: string,
  ): Promise<PurchaseRow | null> {
    const now = clock.now();
    const ended = await inTransaction(db, outer, async (tx) => {
      const [row] = await tx
        .update(purchases)
        .set(
          ending.status === 'delivered'
            ? {
                status: 'delivered',
                message: ending.outcome.message,
                providerReference: ending.outcome.providerReference,
                costKobo: ending.outcome.costKobo,
                token: ending.outcome.token,
                pins: ending.outcome.pins,
                units: ending.outcome.units,
                receiptLines: ending.outcome.receiptLines,
                finalizedAt: now,
                updatedAt: now,
                nextCheckAt: null,
              }
            : {
                status: 'failed',
                message: ending.message,
                finalizedAt: now,
                updatedAt: now,
                nextCheckAt: null,
              },
        )
        .where(
          and(
            eq(purchases.id, id),
            inArray(purchases.status, OPEN),
            at === undefined ? undefined : eq(purchases.providerRequestId, at),
          ),
        )
        .returning();
      if (!row) return null;
      await recordEvent(row, tx);
      const spend = ending.status === 'failed' ? keySpendOf(row) : null;
      if (spend) await deps.keySpend.giveBack(tx, spend);
      // posted last: it locks the shared accounts' rows, held to the commit that follows at once. Announced
      // below once committed; a caller's transaction announces itself at its commit
      const posted = await ledger.post(endingEntry(row, ending), tx, { callerAnnounces: !outer });
      // the receipt's balance after is the wallet's balance once the money is back
      const balanceAfterKobo = posted.walletBalances.get(row.userId);
      if (ending.status === 'delivered' || balanceAfterKobo === undefined) return row;
      const [refunded] = await tx
        .update(purchases)
        .set({ balanceAfterKobo })
        .where(eq(purchases.id, id))
        .returning();
      return refunded ?? row;
    });
    if (ended && !outer) {
      if (ended.status === 'failed') ledger.announce([ended.userId]);
      publishEvent(ended);
    }
    return ended;
  }

  /** Delivered: the hold goes to the provider. @returns the delivered purchase, or null when it was already final */
  const settle = (id: string, outcome: DeliveredOutcome, tx?: Transaction, at?: string) =>
    finalise(id, { status: 'delivered', outcome }, tx, at);

  /** Failed: the whole hold goes back to the wallet. @returns the failed purchase, or null when it was already final */
  const refund = (id: string, outcome: OutcomeNote, tx?: Transaction, at?: string) =>
    finalise(id, { status: 'failed', message: outcome.message }, tx, at);

  /**
   * Not final yet: the requery job asks again at `nextCheckAt`, and ends it in settle or refund. Moves no money.
   * The effect was decided from `read`; the update holds only while the row still has the checks it was read
   * with (only this step changes checks, flaggedAt or a pending message), so two concurrent answers cannot both
   * write checks + 1: the one that misses reads the purchase again and decides again (applyAnswer). Computing
   * the backoff, deadline and flag in SQL instead would split the rules between here and purchase-lifecycle.ts.
   * @returns the pending purchase, or null when it changed since it was read (final, or kept pending by another)
   */
  async function keepPending(
    read: Pick<PurchaseRow, 'id' | 'checks' | 'providerRequestId'>,
    pending: KeepPendingEffect,
    isTold: boolean,
    now: Date,
  ): Promise<PurchaseRow | null> {
    const { id } = read;
    const update = (executor: Executor) =>
      executor
        .update(purchases)
        .set({
          status: 'pending',
          message: pending.message,
          checks: pending.checks,
          nextCheckAt: pending.nextCheckAt,
          updatedAt: now,
          ...(pending.flag && { flaggedAt: now }),
        })
        .where(
          and(
            eq(purchases.id, id),
            inArray(purchases.status, OPEN),
            eq(purchases.checks, read.checks),
            eq(purchases.providerRequestId, read.providerRequestId),
          ),
        )
        .returning();
    // only a change the customer hears of needs a transaction, for its event
    const row = isTold
      ? await db.transaction(async (tx) => {
          const [kept] = await update(tx);
          if (kept) await recordEvent(kept, tx);
          return kept;
        })
      : (await update(db))[0];
    if (!row) return null;
    if (isTold) publishEvent(row);
    const dueInSeconds = Math.max(0, Math.ceil((pending.nextCheckAt.getTime() - now.getTime()) / 1000));
    await deps.jobs.send(
      REQUERY_JOB,
      { purchaseId: id },
      { startAfterSeconds: dueInSeconds, dedupeKey: `${id}:${row.checks}` },
    );
    return row;
  }

  async function findRow(id: string): Promise<PurchaseRow | null> {
    const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
    return row ?? null;
  }

  /**
   * Decides what the answer does to the purchase (purchase-lifecycle.ts) and carries it out. When the purchase
   * changed since it was read (a write found it final, or kept pending by a concurrent answer), reads it
   * again and decides again: a final purchase then only gets the provider-side loss check, or nothing.
   * Inside the caller's transaction when given one (the back office's approved delivery or refund, which commits
   * with its audit record and tells the customer itself): a final answer only, and a miss is the caller's to
   * explain, so it is not decided again.
   * The answer is about the provider request id `read` has: once the purchase has moved to another provider, it
   * is not applied. Only a provider's failure (`from`) may move the purchase to another provider.
   * @returns the purchase as this answer left it, or null when it wrote nothing
   */
  async function applyAnswer(
    read: PurchaseRow,
    answer: ProviderAnswer,
    tx?: Transaction,
    from: 'provider' | 'operator' = tx ? 'operator' : 'provider',
  ): Promise<PurchaseRow | null> {
    let row = read;
    // each miss means another writer moved the purchase on: a final one is decided at once
    for (let attempt = 0; attempt < 20; attempt++) {
      const fallback = from === 'provider' && !tx ? await moves.fallbackFor(row, answer) : null;
      const now = clock.now();
      const at = row.providerRequestId;
      const { effects } = nextPurchaseState(row, answer, now, fallback);
      // settle and refund tell on commit themselves (final is always told); keepPending tells when this says
      const isTold = effects.some((effect) => effect.kind === 'tell');
      let isMissed = false;
      for (const effect of effects) {
        switch (effect.kind) {
          case 'settle': {
            const settled = await settle(row.id, effect.outcome, tx, at);
            if (settled) return settled;
            isMissed = true;
            break;
          }
          case 'refund': {
            const refunded = await refund(row.id, { message: effect.message }, tx, at);
            if (refunded) return refunded;
            isMissed = true;
            break;
          }
          case 'keepPending': {
            // its requery job is sent at once, so it must not wait on a transaction that may roll back
            if (tx) throw new Error('keeping a purchase pending runs in a transaction of its own');
            const pending = await keepPending(row, effect, isTold, now);
            if (pending) return pending;
            isMissed = true;
            break;
          }
          case 'checkRefunded':
            await sendRefundedCheck(deps.jobs, now, {
              purchaseId: row.id,
              detectedBy: answer.status === 'callback' ? 'callback' : 'requery',
            });
            break;
          case 'askAgain': {
            // a burst of callbacks for one purchase makes one requery a minute; the backoff requeries go on besides
            const minute = Math.floor(now.getTime() / 60_000);
            await deps.jobs.send(
              REQUERY_JOB,
              { purchaseId: row.id },
              { dedupeKey: `callback:${row.id}:${minute}` },
            );
            break;
          }
          case 'moveTo': {
            const moved = await moves.moveTo(row, effect.provider, effect.failure);
            if (!moved) {
              isMissed = true;
              break;
            }
            // moved at most once, so the new provider's failure ends in a refund
            return applyAnswer(moved, await moves.askMoved(moved));
          }
          case 'tell':
            break;
        }
      }
      if (!isMissed || tx) return null;
      const again = await findRow(row.id);
      // moved to another provider since: this answer was about the one it left
      if (!again || again.providerRequestId !== at) return null;
      row = again;
    }
    throw new Error(`purchase ${row.id} kept changing while an answer was applied`);
  }

  /** @returns the purchase when it was delivered just now (the other outcomes are read again by who needs them) */
  async function applyOutcome(row: PurchaseRow, answer: ProviderAnswer): Promise<PurchaseRow | null> {
    const applied = await applyAnswer(row, answer);
    return applied?.status === 'delivered' ? applied : null;
  }

  /**
   * An operator's word on an open purchase (delivered, failed, still pending), decided as the provider's answer
   * would be. @returns the purchase when it is now in the state the word names, else null (final ones never move)
   */
  async function applyById(id: string, answer: ProviderOutcome): Promise<PurchaseRow | null> {
    const row = await findRow(id);
    if (!row) return null;
    const applied = await applyAnswer(row, answer, undefined, 'operator');
    return applied?.status === answer.status ? applied : null;
  }

  /** PURCHASE_STEPS with what runs each step and what undoes it; the compiler holds the two to each other. */
  const run = { hold, askProvider, settle, refund, keepPending, moveTo: moves.moveTo };
  const pairs = {
    hold: { run: hold, compensate: refund },
    askProvider: { run: askProvider, compensate: null },
    settle: { run: settle, compensate: null },
    refund: { run: refund, compensate: null },
    keepPending: { run: keepPending, compensate: null },
    moveTo: { run: moves.moveTo, compensate: null },
  } satisfies StepPairs<typeof run>;

  return { ...run, pairs, applyAnswer, applyOutcome, applyById, publishEvent };
}

export type PurchaseSteps = ReturnType<typeof createPurchaseSteps>;
