import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { purchaseAdminMessages as say } from '@quickvend/shared/api/admin-purchases';
import { purchaseFinalReasons } from '@quickvend/shared/messages/purchase';
import { AppError } from '../../lib/errors.ts';
import type { ApprovalHandler, ApprovalRow } from '../approvals/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { PurchaseSteps } from './purchase-steps.ts';
import type { PurchaseTimeline } from './purchase-timeline.ts';
import { OPEN, type PurchaseRow, type PurchasesRepo } from './purchases.repo.ts';
import { purchases } from './purchases.tables.ts';

export const DELIVER_APPROVAL = 'purchase.deliver';
/** A refund on an admin's word alone: VTpass has not said the purchase failed. */
export const REFUND_APPROVAL = 'purchase.refund';
export const PURCHASE_APPROVALS = [DELIVER_APPROVAL, REFUND_APPROVAL] as const;

export const deliverPayload = z.object({ evidence: z.string(), providerReference: z.string().nullable() });
const refundPayload = z.object({ userId: z.string(), reason: z.string() });

/** Why a request about a purchase no longer applies: the purchase is final. */
export function finalReasonOf(row: Pick<PurchaseRow, 'status'> | null): string | null {
  if (!row) return purchaseFinalReasons.gone;
  if (row.status === 'delivered') return purchaseFinalReasons.delivered;
  if (row.status === 'failed') return purchaseFinalReasons.refunded;
  return null;
}

/** Why an action cannot touch a purchase that is already final. */
export function finalRefusal(row: PurchaseRow): AppError {
  return new AppError('CONFLICT', row.status === 'delivered' ? say.alreadyDelivered : say.alreadyRefunded);
}

export type PurchaseApprovalsDeps = {
  repo: Pick<PurchasesRepo, 'findById'>;
  steps: Pick<PurchaseSteps, 'applyAnswer' | 'publishEvent'>;
  timeline: Pick<PurchaseTimeline, 'record'>;
  audit: Pick<AuditLog, 'record'>;
};

/**
 * A second admin's approval carried out, inside the approval's transaction. These rest on the admins' word,
 * not the provider's, so they do not ask nextPurchaseState (purchase-lifecycle.ts), which decides on the
 * provider's answers: an open purchase is settled or refunded as approved (the same settle and refund
 * statements, which move money only out of OPEN), and a final one is refused rather than checked for a loss.
 */
export function createPurchaseApprovals(deps: PurchaseApprovalsDeps) {
  const { repo, timeline, audit } = deps;

  /** After an action found the purchase final, or lost a race: why it did nothing. */
  async function refusalAfter(id: string): Promise<AppError> {
    const row = await repo.findById(id);
    return row ? finalRefusal(row) : new AppError('NOT_FOUND', say.notFound);
  }

  /** Carries out an approved `purchase.deliver` request, inside the approval's transaction. */
  const deliverApproved: ApprovalHandler = async (approval, { tx, approver, afterCommit }) => {
    const payload = deliverPayload.parse(approval.payload);
    const [row] = await tx.select().from(purchases).where(eq(purchases.id, approval.targetId));
    if (!row) throw new AppError('NOT_FOUND', say.notFound);
    if (!OPEN.includes(row.status)) throw finalRefusal(row);
    // the second admin's word, decided as the provider's would be (purchase-lifecycle.ts)
    const applied = await deps.steps.applyAnswer(
      row,
      {
        status: 'delivered',
        message: say.deliveredForCustomer,
        providerReference: payload.providerReference ?? row.providerReference,
        // not reported: settling takes it as the amount charged
        costKobo: null,
        token: null,
        pins: null,
        units: null,
        receiptLines: [],
      },
      tx,
    );
    const delivered = applied?.status === 'delivered' ? applied : null;
    if (!delivered) throw await refusalAfter(row.id);
    afterCommit(() => {
      deps.steps.publishEvent(delivered);
    });
    await audit.record(
      approver,
      {
        action: 'purchase.deliver',
        targetType: 'purchase',
        targetId: row.id,
        before: { status: row.status },
        after: {
          status: 'delivered',
          approvalId: approval.id,
          providerReference: delivered.providerReference,
        },
        reason: payload.evidence,
      },
      tx,
    );
    await timeline.record(
      {
        purchaseId: row.id,
        kind: 'admin.deliver',
        outcome: 'delivered',
        note: payload.evidence,
        actorId: approver.id,
        raw: { approvalId: approval.id, requestedBy: approval.requestedBy },
      },
      tx,
    );
    return { purchaseId: row.id, status: 'delivered' };
  };

  /** Carries out an approved `purchase.refund` request, inside the approval's transaction. */
  const refundApproved: ApprovalHandler = async (approval, { tx, approver, afterCommit }) => {
    const { reason } = refundPayload.parse(approval.payload);
    const [row] = await tx.select().from(purchases).where(eq(purchases.id, approval.targetId));
    if (!row) throw new AppError('NOT_FOUND', say.notFound);
    if (!OPEN.includes(row.status)) throw finalRefusal(row);
    const applied = await deps.steps.applyAnswer(
      row,
      { status: 'failed', message: say.refundedForCustomer, code: null },
      tx,
    );
    const refunded = applied?.status === 'failed' ? applied : null;
    if (!refunded) {
      // finished by another action since it was read: say how, from inside this transaction
      const [now] = await tx.select().from(purchases).where(eq(purchases.id, row.id));
      throw now ? finalRefusal(now) : new AppError('NOT_FOUND', say.notFound);
    }
    afterCommit(() => {
      deps.steps.publishEvent(refunded);
    });
    await audit.record(
      approver,
      {
        action: 'purchase.refund',
        targetType: 'purchase',
        targetId: row.id,
        before: { status: row.status },
        after: { status: 'failed', refundedKobo: refunded.chargedKobo, approvalId: approval.id },
        reason,
      },
      tx,
    );
    await timeline.record(
      {
        purchaseId: row.id,
        kind: 'admin.refund',
        outcome: 'failed',
        note: reason,
        actorId: approver.id,
        raw: { approvalId: approval.id, requestedBy: approval.requestedBy },
      },
      tx,
    );
    return { purchaseId: row.id, status: 'failed', refundedKobo: refunded.chargedKobo };
  };

  return {
    deliverApproved,
    refundApproved,

    /** Why a waiting deliver or refund request no longer applies: its purchase is final. */
    staleReasonOf: async (approval: ApprovalRow): Promise<string | null> =>
      finalReasonOf(await repo.findById(approval.targetId)),
  };
}
