import { z } from 'zod';
import { formatNaira, kobo, type Kobo } from '@quickvend/shared/money';
import type { Database, Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApprovalHandler, ApprovalRow, Approvals } from '../approvals/index.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Settings } from '../settings/index.ts';

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
  ({ status: 'applied' } & AppliedAdjustment) | { status: 'awaiting_approval'; approval: ApprovalRow };

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
 * An admin's credit or debit of a customer's wallet, with a reason. Up to the approval threshold it is made at
 * once; above it a second admin must approve it, and it is made inside that approval, under a reference
 * named after the approval so it can never be made twice.
 */
export function createWalletAdjustments(deps: {
  db: Database;
  ledger: Pick<Ledger, 'adjustWallet' | 'getWalletBalance'>;
  audit: AuditLog;
  approvals: Pick<Approvals, 'request'>;
  settings: Pick<Settings, 'get'>;
  findCustomer: (userId: string) => Promise<{ id: string; deletedAt: Date | null } | null>;
}) {
  const { db, ledger, audit } = deps;

  /** @throws INSUFFICIENT_FUNDS when a debit would overdraw the wallet (nothing moves) */
  async function apply(
    tx: Transaction,
    userId: string,
    input: AdjustmentInput,
    actor: Actor,
    approvalId: string | null,
  ): Promise<AppliedAdjustment> {
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
        },
        reason: input.reason,
      },
      tx,
    );
    return { ...made, auditId };
  }

  return {
    /**
     * @throws NOT_FOUND for an unknown user; CONFLICT for a deleted one; VALIDATION_FAILED for a zero amount;
     * INSUFFICIENT_FUNDS for a debit larger than the balance
     */
    async adjust(userId: string, input: AdjustmentInput, maker: Actor): Promise<AdjustmentOutcome> {
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
      const thresholdKobo = await deps.settings.get('approvals.thresholdKobo');
      if (input.amountKobo <= thresholdKobo) {
        const made = await db.transaction((tx) => apply(tx, userId, input, maker, null));
        return { status: 'applied', ...made };
      }
      const approval = await deps.approvals.request(
        {
          kind: WALLET_ADJUSTMENT,
          targetId: userId,
          amountKobo: input.amountKobo,
          payload: { userId, direction: input.direction },
          reason: input.reason,
        },
        maker,
      );
      return { status: 'awaiting_approval', approval };
    },

    /**
     * Makes the adjustment now, whatever its size: for the operator at the command line, who needs no second
     * pair of eyes. @throws INSUFFICIENT_FUNDS when a debit would overdraw the wallet
     */
    makeNow: (userId: string, input: AdjustmentInput, actor: Actor): Promise<AppliedAdjustment> =>
      db.transaction((tx) => apply(tx, userId, input, actor, null)),

    /** Makes an approved adjustment, inside the approval's transaction. */
    carryOut: (async (approval, { tx, approver }) => {
      const { userId, direction } = adjustmentPayload.parse(approval.payload);
      if (approval.amountKobo === null) throw new Error(`approval ${approval.id} has no amount`);
      const made = await apply(
        tx,
        userId,
        { direction, amountKobo: kobo(approval.amountKobo), reason: approval.reason },
        approver,
        approval.id,
      );
      return { ...made };
    }) satisfies ApprovalHandler,
  };
}

export type WalletAdjustments = ReturnType<typeof createWalletAdjustments>;
