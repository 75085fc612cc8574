import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  MANUAL_FUNDING_CHARGE_KOBO,
  MANUAL_FUNDING_MAX_KOBO,
  MANUAL_FUNDING_OPEN_LIMIT,
} from '@quickvend/shared/services';
import { formatNaira, kobo, type Kobo } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Ledger } from '../ledger/index.ts';
import { manualFundingRequests } from './funding.tables.ts';

/** @throws VALIDATION_FAILED below the smallest amount the platform takes */
export function checkMinimumAmount(amountKobo: Kobo, minAmountKobo: Kobo): void {
  if (amountKobo < minAmountKobo) {
    throw new AppError('VALIDATION_FAILED', `The minimum amount is ${formatNaira(minAmountKobo)}.`, {
      fields: { amount: `The minimum amount is ${formatNaira(minAmountKobo)}.` },
    });
  }
}

/** @throws VALIDATION_FAILED above the largest manual deposit one request may declare */
function checkManualMaximum(amountKobo: Kobo): void {
  if (amountKobo > MANUAL_FUNDING_MAX_KOBO) {
    const message = messages.funding.manualAmountAtMost(MANUAL_FUNDING_MAX_KOBO);
    throw new AppError('VALIDATION_FAILED', message, { fields: { amount: message } });
  }
}

type ManualStatus = 'pending' | 'approved' | 'rejected';

/** Why a manual request could not be decided. @throws NOT_FOUND or CONFLICT, always */
async function refuseDecision(executor: Executor, id: string): Promise<never> {
  const [existing] = await executor
    .select({ id: manualFundingRequests.id })
    .from(manualFundingRequests)
    .where(eq(manualFundingRequests.id, id));
  if (!existing) throw new AppError('NOT_FOUND', 'We could not find that deposit request.');
  throw new AppError('CONFLICT', 'This request has already been decided.');
}

/** Deposits a customer declares and an admin approves (less the NGN 50 charge) or rejects, once. */
export function createManualFunding(deps: {
  db: Database;
  ledger: Ledger;
  clock: Clock;
  minAmountKobo: () => Promise<Kobo>;
  manualChargeKobo?: () => Promise<Kobo>;
  afterCredit?: (tx: Transaction, userId: string) => Promise<void>;
  /** whether the customer closed the account; read after their wallet row is locked */
  isClosed?: (userId: string, tx: Transaction) => Promise<boolean>;
  /** refuses (EMAIL_NOT_CONFIRMED) until the customer's address is confirmed: no deposit request before */
  requireConfirmedEmail: (userId: string) => Promise<void>;
}) {
  const { db, ledger, clock } = deps;

  async function approveIn(tx: Transaction, id: string, adminId: string) {
    const [approved] = await tx
      .update(manualFundingRequests)
      .set({ status: 'approved', decidedBy: adminId, decidedAt: clock.now() })
      .where(and(eq(manualFundingRequests.id, id), eq(manualFundingRequests.status, 'pending')))
      .returning();
    if (!approved) return refuseDecision(tx, id);
    // closing an account holds this lock until it commits, so a closing cannot slip in between check and credit
    await ledger.lockWalletBalance(approved.userId, tx);
    if (await deps.isClosed?.(approved.userId, tx))
      throw new AppError('CONFLICT', 'This customer has closed their account. Reject the deposit instead.');
    await ledger.post(
      {
        reference: `manual:${id}`,
        kind: 'funding.manual',
        memo: `Manual deposit by ${approved.depositorName} (${approved.bankName})`,
        actorId: adminId,
        postings: [
          {
            from: { system: 'clearing:manual' },
            to: { wallet: approved.userId },
            amountKobo: kobo(approved.amountKobo - approved.chargeKobo),
          },
          {
            from: { system: 'clearing:manual' },
            to: { system: 'income:fees' },
            amountKobo: approved.chargeKobo,
          },
        ],
      },
      tx,
    );
    await deps.afterCredit?.(tx, approved.userId);
    return approved;
  }

  return {
    async requestManualFunding(
      userId: string,
      input: { depositorName: string; bankName: string; amountKobo: Kobo },
    ) {
      await deps.requireConfirmedEmail(userId);
      checkMinimumAmount(input.amountKobo, await deps.minAmountKobo());
      const chargeKobo = (await deps.manualChargeKobo?.()) ?? MANUAL_FUNDING_CHARGE_KOBO;
      if (input.amountKobo <= chargeKobo) {
        throw new AppError('VALIDATION_FAILED', messages.funding.manualChargeAbove(chargeKobo));
      }
      checkManualMaximum(input.amountKobo);
      return db.transaction(async (tx) => {
        // one customer's requests queue here, so parallel ones cannot all count the same open few
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`manual-deposits:${userId}`}))`);
        const [open] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(manualFundingRequests)
          .where(and(eq(manualFundingRequests.userId, userId), eq(manualFundingRequests.status, 'pending')));
        if ((open?.count ?? 0) >= MANUAL_FUNDING_OPEN_LIMIT) {
          throw new AppError('CONFLICT', messages.funding.manualTooManyOpen(MANUAL_FUNDING_OPEN_LIMIT));
        }
        const [request] = await tx
          .insert(manualFundingRequests)
          .values({ id: newId('mfr'), userId, ...input, chargeKobo })
          .returning();
        if (!request) throw new Error('manual funding insert returned nothing');
        return request;
      });
    },

    async listManualRequests(filter: { userId?: string; status?: ManualStatus }) {
      return db
        .select()
        .from(manualFundingRequests)
        .where(
          and(
            filter.userId ? eq(manualFundingRequests.userId, filter.userId) : undefined,
            filter.status ? eq(manualFundingRequests.status, filter.status) : undefined,
          ),
        )
        .orderBy(desc(manualFundingRequests.createdAt), desc(manualFundingRequests.id))
        .limit(200);
    },

    /**
     * The back office's manual deposits a page at a time, after the row `cursor` names: waiting ones oldest
     * first, so a flood cannot push anyone's request out of view; the rest newest first.
     * @throws VALIDATION_FAILED for a cursor that names no request
     */
    async pageManualRequests(
      filter: { userId?: string | undefined; status?: ManualStatus | undefined },
      page: { cursor?: string | undefined; limit: number },
    ) {
      const m = manualFundingRequests;
      const isOldestFirst = filter.status === 'pending';
      const matching = and(
        filter.userId ? eq(m.userId, filter.userId) : undefined,
        filter.status ? eq(m.status, filter.status) : undefined,
      );
      let after;
      if (page.cursor) {
        // the exact stored time (microseconds), which a Date would round
        const [row] = await db
          .select({ at: sql<string>`to_json(${m.createdAt}) #>> '{}'`, id: m.id })
          .from(m)
          .where(eq(m.id, page.cursor));
        if (!row) {
          const message = 'This list has changed. Open it again from the start.';
          throw new AppError('VALIDATION_FAILED', message, { fields: { cursor: message } });
        }
        const at = sql`${row.at}::timestamptz`;
        // the single-column bound lets the (status, created_at) index find the page's start
        after = isOldestFirst
          ? and(gte(m.createdAt, at), sql`(${m.createdAt}, ${m.id}) > (${at}, ${row.id})`)
          : and(lte(m.createdAt, at), sql`(${m.createdAt}, ${m.id}) < (${at}, ${row.id})`);
      }
      const order = isOldestFirst ? asc : desc;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(m)
          .where(and(matching, after))
          .orderBy(order(m.createdAt), order(m.id))
          .limit(page.limit + 1),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(m)
          .where(matching),
      ]);
      const shown = rows.slice(0, page.limit);
      return {
        rows: shown,
        total: counted?.total ?? 0,
        nextCursor: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null,
      };
    },

    /** Whether the customer has a deposit awaiting a decision; inside a transaction, read through it. */
    async hasPendingManualRequest(userId: string, executor: Executor = db): Promise<boolean> {
      const [row] = await executor
        .select({ id: manualFundingRequests.id })
        .from(manualFundingRequests)
        .where(and(eq(manualFundingRequests.userId, userId), eq(manualFundingRequests.status, 'pending')))
        .limit(1);
      return Boolean(row);
    },

    /** The deposits `adminId` approved since `since` (alone or as a second admin), read through `executor`. */
    async manualDepositsApprovedBy(
      adminId: string,
      since: Date,
      executor: Executor,
    ): Promise<{ id: string; userId: string; amountKobo: Kobo }[]> {
      return executor
        .select({
          id: manualFundingRequests.id,
          userId: manualFundingRequests.userId,
          amountKobo: manualFundingRequests.amountKobo,
        })
        .from(manualFundingRequests)
        .where(
          and(
            eq(manualFundingRequests.status, 'approved'),
            eq(manualFundingRequests.decidedBy, adminId),
            gt(manualFundingRequests.decidedAt, since),
          ),
        );
    },

    /** The bank each of these deposits was paid at, by request id; an unknown id is absent. */
    async depositBanksByIds(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: manualFundingRequests.id, bankName: manualFundingRequests.bankName })
        .from(manualFundingRequests)
        .where(inArray(manualFundingRequests.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row.bankName]));
    },

    /** @throws NOT_FOUND for an unknown request */
    async findManualRequest(id: string) {
      const [request] = await db.select().from(manualFundingRequests).where(eq(manualFundingRequests.id, id));
      if (!request) throw new AppError('NOT_FOUND', 'We could not find that deposit request.');
      return request;
    },

    /**
     * Credits the amount less the NGN 50 charge, once: the decision is a conditional update in the same
     * transaction as the ledger entry. @throws NOT_FOUND for an unknown request, CONFLICT for a decided one
     */
    async approveManualRequest(id: string, adminId: string) {
      return db.transaction((tx) => approveIn(tx, id, adminId));
    },

    /** As approveManualRequest, inside the caller's transaction (an approval's). */
    approveManualRequestIn: (tx: Transaction, id: string, adminId: string) => approveIn(tx, id, adminId),

    /** @throws NOT_FOUND for an unknown request, CONFLICT for a decided one */
    async rejectManualRequest(id: string, adminId: string, reason: string, executor: Executor = db) {
      const [rejected] = await executor
        .update(manualFundingRequests)
        .set({ status: 'rejected', reason, decidedBy: adminId, decidedAt: clock.now() })
        .where(and(eq(manualFundingRequests.id, id), eq(manualFundingRequests.status, 'pending')))
        .returning();
      if (!rejected) return refuseDecision(executor, id);
      return rejected;
    },
  };
}
