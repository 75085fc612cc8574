import { and, desc, eq, gt } from 'drizzle-orm';
import { MANUAL_FUNDING_CHARGE_KOBO } from '@quickvend/shared/services';
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
      checkMinimumAmount(input.amountKobo, await deps.minAmountKobo());
      const chargeKobo = (await deps.manualChargeKobo?.()) ?? MANUAL_FUNDING_CHARGE_KOBO;
      if (input.amountKobo <= chargeKobo) {
        throw new AppError('VALIDATION_FAILED', messages.funding.manualChargeAbove(chargeKobo));
      }
      const [request] = await db
        .insert(manualFundingRequests)
        .values({ id: newId('mfr'), userId, ...input, chargeKobo })
        .returning();
      if (!request) throw new Error('manual funding insert returned nothing');
      return request;
    },

    async listManualRequests(filter: { userId?: string; status?: 'pending' | 'approved' | 'rejected' }) {
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
