import { z } from 'zod';
import { formatNaira, kobo, type Kobo } from '@quickvend/shared/money';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import {
  approvalMessages,
  type ApprovalHandler,
  type ApprovalKind,
  type ApprovalRow,
  type Approvals,
} from '../approvals/index.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Settings } from '../settings/index.ts';
import { walletAdjustedEvent } from './admin.events.ts';
import type { RunningTotals } from './running-totals.ts';

export const WALLET_ADJUSTMENT = 'wallet.adjustment';

export type AdjustmentInput = { direction: 'credit' | 'debit'; amountKobo: Kobo; reason: string };

export type AppliedAdjustment = {
  adjustmentId: string;
  auditId: string;
  entryId: string;
  balanceBeforeKobo: Kobo;
  balanceAfterKobo: Kobo;
};

export type AdjustmentOutcome =
  | ({ status: 'applied' } & AppliedAdjustment)
  | { status: 'awaiting_approval'; approval: ApprovalRow; why: string };

/** A change made to a customer's wallet, once it has committed: what the customer is told. */
export type MadeAdjustment = {
  userId: string;
  adjustmentId: string;
  direction: 'credit' | 'debit';
  amountKobo: Kobo;
};

const adjustmentPayload = z.object({ userId: z.string(), direction: z.enum(['credit', 'debit']) });

const overdrawn = (amountKobo: Kobo, balanceKobo: Kobo | null) => {
  const holds = balanceKobo === null ? '' : ` (${formatNaira(balanceKobo)})`;
  return new AppError(
    'INSUFFICIENT_FUNDS',
    `This debit of ${formatNaira(amountKobo)} is more than the wallet holds${holds}. A debit never takes a wallet below zero.`,
    { fields: { amount: `This is more than the wallet holds${holds}.` } },
  );
};

/**
 * An admin's credit or debit of a customer's wallet, with a reason. Made at once while the admin's own credits
 * and debits over the last 24 hours stay within the limits (to this customer, and to everyone together); the one
 * that would cross a limit waits for a second admin, and is made inside that approval, under a reference named
 * after the approval so it can never be made twice. No admin changes their own wallet.
 */
export function createWalletAdjustments(deps: {
  db: Database;
  clock: Clock;
  ledger: Pick<Ledger, 'adjustWallet' | 'getWalletBalance'>;
  audit: AuditLog;
  approvals: Pick<Approvals, 'request'>;
  settings: Pick<Settings, 'get'>;
  runningTotals: Pick<RunningTotals, 'decide'>;
  findCustomer: (
    userId: string,
    executor?: Executor,
  ) => Promise<{ id: string; deletedAt: Date | null } | null>;
  /** `wallet.adjusted` is recorded in the adjustment's transaction and published once it commits */
  events?: Pick<DomainEvents, 'record' | 'publish'>;
}) {
  const { db, ledger, audit } = deps;

  const eventOf = (userId: string, input: AdjustmentInput, made: AppliedAdjustment) =>
    walletAdjustedEvent({
      userId,
      adjustmentId: made.adjustmentId,
      direction: input.direction,
      amountKobo: input.amountKobo,
    });
  const told = (userId: string, input: AdjustmentInput, made: AppliedAdjustment) => {
    deps.events?.publish(eventOf(userId, input, made));
  };

  /** @throws INSUFFICIENT_FUNDS when a debit would overdraw the wallet (nothing moves) */
  async function apply(
    tx: Transaction,
    userId: string,
    input: AdjustmentInput,
    actor: Actor,
    how: { approvalId: string | null; isOverride?: boolean },
  ): Promise<AppliedAdjustment> {
    const { approvalId } = how;
    if (input.direction === 'debit') {
      const balanceKobo = await ledger.getWalletBalance(userId, tx);
      if (input.amountKobo > balanceKobo) throw overdrawn(input.amountKobo, balanceKobo);
    }
    let made;
    try {
      made = await ledger.adjustWallet(
        {
          userId,
          ...input,
          actor: actor.label,
          actorId: actor.id,
          approvalId,
          at: deps.clock.now(),
          ...(approvalId && { reference: `adjustment:${approvalId}` }),
        },
        tx,
      );
    } catch (error) {
      // spent between the look and the debit
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')
        throw overdrawn(input.amountKobo, null);
      throw error;
    }
    const auditId = await audit.record(
      actor,
      {
        action: input.direction === 'credit' ? 'wallet.credit' : 'wallet.debit',
        targetType: 'user',
        targetId: userId,
        before: { balanceKobo: made.balanceBeforeKobo },
        after: {
          balanceKobo: made.balanceAfterKobo,
          amountKobo: input.amountKobo,
          adjustmentId: made.adjustmentId,
          ...(approvalId && { approvalId }),
          ...(how.isOverride && { override: true }),
        },
        reason: input.reason,
      },
      tx,
    );
    const applied = { ...made, auditId };
    await deps.events?.record(eventOf(userId, input, applied), tx);
    return applied;
  }

  /** @throws VALIDATION_FAILED, NOT_FOUND, CONFLICT (deleted), INSUFFICIENT_FUNDS: see `adjust` */
  async function check(userId: string, input: AdjustmentInput): Promise<void> {
    if (input.amountKobo <= 0) {
      const message = 'The amount must be more than zero.';
      throw new AppError('VALIDATION_FAILED', message, { fields: { amount: message } });
    }
    const customer = await deps.findCustomer(userId);
    if (!customer) throw new AppError('NOT_FOUND', 'We could not find that user.');
    if (customer.deletedAt) {
      throw new AppError('CONFLICT', 'This account was deleted: its wallet can no longer change.');
    }
    if (input.direction === 'debit') {
      const balanceKobo = await ledger.getWalletBalance(userId);
      if (input.amountKobo > balanceKobo) throw overdrawn(input.amountKobo, balanceKobo);
    }
  }

  const askFor = (userId: string, input: AdjustmentInput, maker: Actor, tx?: Transaction) =>
    deps.approvals.request(
      {
        kind: WALLET_ADJUSTMENT,
        targetId: userId,
        amountKobo: input.amountKobo,
        payload: { userId, direction: input.direction },
        reason: input.reason,
      },
      maker,
      tx,
    );

  return {
    /**
     * @throws FORBIDDEN on the admin's own account, or without a signed-in admin; NOT_FOUND for an unknown
     * user; CONFLICT for a deleted one; VALIDATION_FAILED for a zero amount; INSUFFICIENT_FUNDS for a debit
     * larger than the balance
     */
    async adjust(userId: string, input: AdjustmentInput, maker: Actor): Promise<AdjustmentOutcome> {
      const makerId = maker.id;
      if (!makerId) throw new AppError('FORBIDDEN', 'Only a signed-in admin can credit or debit a wallet.');
      if (makerId === userId) throw new AppError('FORBIDDEN', approvalMessages.ownAccountRequest);
      await check(userId, input);
      const outcome = await deps.runningTotals.decide(
        makerId,
        userId,
        input.amountKobo,
        async (tx, verdict): Promise<AdjustmentOutcome> => {
          if (verdict.isWithin) {
            const made = await apply(tx, userId, input, maker, { approvalId: null });
            return { status: 'applied', ...made };
          }
          const approval = await askFor(userId, input, maker, tx);
          return { status: 'awaiting_approval', approval, why: verdict.why };
        },
      );
      if (outcome.status === 'applied') told(userId, input, outcome);
      return outcome;
    },

    /**
     * The operator at the command line: up to the approval threshold the adjustment is made at once; above it,
     * it becomes a request a signed-in admin approves, unless the operator overrides, which the audit log
     * records. @throws as `adjust`, but never FORBIDDEN
     */
    async adjustFromCommandLine(
      userId: string,
      input: AdjustmentInput,
      actor: Actor,
      options: { isOverride: boolean },
    ): Promise<AdjustmentOutcome> {
      await check(userId, input);
      const thresholdKobo = await deps.settings.get('approvals.thresholdKobo');
      if (input.amountKobo > thresholdKobo && !options.isOverride) {
        const approval = await askFor(userId, input, actor);
        const why = `${formatNaira(input.amountKobo)} is above the ${formatNaira(kobo(thresholdKobo))} limit: an admin must approve this on the Approvals page.`;
        return { status: 'awaiting_approval', approval, why };
      }
      const made = await db.transaction((tx) =>
        apply(tx, userId, input, actor, { approvalId: null, isOverride: options.isOverride }),
      );
      told(userId, input, made);
      return { status: 'applied', ...made };
    },

    /** Makes an approved adjustment, inside the approval's transaction. */
    carryOut: (async (approval, { tx, approver, afterCommit }) => {
      const { userId, direction } = adjustmentPayload.parse(approval.payload);
      if (approval.amountKobo === null) throw new Error(`approval ${approval.id} has no amount`);
      const input = { direction, amountKobo: kobo(approval.amountKobo), reason: approval.reason };
      const made = await apply(tx, userId, input, approver, { approvalId: approval.id });
      afterCommit(() => {
        told(userId, input, made);
      });
      return { ...made };
    }) satisfies ApprovalHandler,

    /** A waiting credit or debit no longer applies once the customer's account is closed. */
    staleReason: (async (row, executor) => {
      const { userId } = adjustmentPayload.parse(row.payload);
      const customer = await deps.findCustomer(userId, executor);
      return !customer || customer.deletedAt ? "The customer's account is closed." : null;
    }) satisfies NonNullable<ApprovalKind['staleReason']>,
  };
}

export type WalletAdjustments = ReturnType<typeof createWalletAdjustments>;
