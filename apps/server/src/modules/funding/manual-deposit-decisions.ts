import { formatNaira, kobo, type Kobo } from '@quickvend/shared/money';
import type { Database, Transaction } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import {
  approvalMessages,
  type ApprovalHandler,
  type ApprovalRow,
  type Approvals,
} from '../approvals/index.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import { manualDepositDecidedEvent } from './funding.events.ts';
import type { FundingService } from './funding.service.ts';
import type { manualFundingRequests } from './funding.tables.ts';

export const MANUAL_DEPOSIT_APPROVAL = 'manual_deposit.approve';

type ManualRow = typeof manualFundingRequests.$inferSelect;

const decided = (row: ManualRow) => ({ status: row.status, creditKobo: row.amountKobo - row.chargeKobo });

const decidedEvent = (row: ManualRow & { status: 'approved' | 'rejected' }) =>
  manualDepositDecidedEvent({
    id: row.id,
    userId: row.userId,
    status: row.status,
    amountKobo: row.amountKobo,
    chargeKobo: row.chargeKobo,
    depositorName: row.depositorName,
    bankName: row.bankName,
    reason: row.reason,
  });

/**
 * An admin's running totals of what they credited and debited alone (the admin module's, passed in): `work` runs
 * in a transaction holding the admin's lock, told whether this amount more to this customer stays within limits.
 */
export type AdminLimits = {
  decide: <T>(
    adminId: string,
    userId: string,
    amountKobo: Kobo,
    work: (tx: Transaction, verdict: { isWithin: true } | { isWithin: false; why: string }) => Promise<T>,
  ) => Promise<T>;
};

/**
 * An admin's decision on a manual deposit, audited. A deposit that would take the admin's own credits and
 * debits over 24 hours past a limit is not credited on their word: it becomes an approval request, and a
 * second admin's approval credits it.
 */
export function createManualDepositDecisions(deps: {
  db: Database;
  funding: Pick<FundingService, 'findManualRequest' | 'approveManualRequestIn' | 'rejectManualRequest'>;
  approvals: Pick<Approvals, 'request' | 'list'>;
  limits: AdminLimits;
  audit: AuditLog;
  /** `manual-deposit.decided` is recorded in the decision's transaction and published once it commits */
  events?: Pick<DomainEvents, 'record' | 'publish'>;
}) {
  const { db, funding, approvals, audit } = deps;

  /** Records the decision's event in its transaction; the caller publishes the event once that commits. */
  const recordDecision = async (row: ManualRow, tx: Transaction) => {
    if (row.status === 'pending') throw new Error(`manual deposit ${row.id} is still pending`);
    const event = decidedEvent({ ...row, status: row.status });
    await deps.events?.record(event, tx);
    return event;
  };

  const approveIn = async (
    tx: Parameters<ApprovalHandler>[1]['tx'],
    id: string,
    actor: Actor,
    note: string | null,
  ) => {
    if (!actor.id) throw new AppError('FORBIDDEN', 'Only a signed-in admin can approve a deposit.');
    const approved = await funding.approveManualRequestIn(tx, id, actor.id);
    await audit.record(
      actor,
      {
        action: 'manual_deposit.approve',
        targetType: 'manual_deposit',
        targetId: id,
        before: { status: 'pending' },
        after: { ...decided(approved), userId: approved.userId },
        reason: note,
      },
      tx,
    );
    return { approved, event: await recordDecision(approved, tx) };
  };

  const waitingApproval = async (id: string) => {
    const [waiting] = await approvals.list({
      kind: MANUAL_DEPOSIT_APPROVAL,
      targetId: id,
      status: 'pending',
    });
    return waiting ?? null;
  };

  return {
    /**
     * Credits the deposit at once while the admin stays within their limits; past one, asks a second admin
     * (once: asking again, by anyone, returns the request already waiting).
     * @throws NOT_FOUND for an unknown request, CONFLICT for a decided one, FORBIDDEN for the admin's own
     */
    async approve(
      id: string,
      actor: Actor,
      note?: string,
    ): Promise<{ request: ManualRow; approval: ApprovalRow | null; why: string | null }> {
      const request = await funding.findManualRequest(id);
      if (request.status !== 'pending')
        throw new AppError('CONFLICT', 'This request has already been decided.');
      const adminId = actor.id;
      if (!adminId) throw new AppError('FORBIDDEN', 'Only a signed-in admin can approve a deposit.');
      if (request.userId === adminId) throw new AppError('FORBIDDEN', approvalMessages.ownAccountRequest);
      const waiting = await waitingApproval(id);
      if (waiting) return { request, approval: waiting, why: null };
      const outcome = await deps.limits.decide(
        adminId,
        request.userId,
        request.amountKobo,
        async (tx, verdict) => {
          if (verdict.isWithin) {
            const { approved, event } = await approveIn(tx, id, actor, note ?? null);
            return { request: approved, approval: null, why: null, event };
          }
          const approval = await approvals.request(
            {
              kind: MANUAL_DEPOSIT_APPROVAL,
              targetId: id,
              amountKobo: request.amountKobo,
              payload: {
                userId: request.userId,
                depositorName: request.depositorName,
                bankName: request.bankName,
                creditKobo: request.amountKobo - request.chargeKobo,
              },
              reason: `Manual deposit of ${formatNaira(request.amountKobo)} by ${request.depositorName} (${request.bankName})${note ? `. ${note}` : ''}`,
              onePending: true,
            },
            actor,
            tx,
          );
          return { request, approval, why: verdict.why, event: null };
        },
      );
      if (outcome.event) deps.events?.publish(outcome.event);
      return { request: outcome.request, approval: outcome.approval, why: outcome.why };
    },

    /**
     * @throws NOT_FOUND for an unknown request; CONFLICT for a decided one, and for one waiting for a second
     * admin (it is decided on the approvals page)
     */
    async reject(id: string, actor: Actor, reason: string): Promise<ManualRow> {
      if (!actor.id) throw new AppError('FORBIDDEN', 'Only a signed-in admin can reject a deposit.');
      const adminId = actor.id;
      if ((await funding.findManualRequest(id)).userId === adminId)
        throw new AppError('FORBIDDEN', approvalMessages.ownAccountRequest);
      if (await waitingApproval(id)) {
        throw new AppError(
          'CONFLICT',
          "This deposit is waiting for a second admin's approval: approve or reject it on the Approvals page.",
        );
      }
      const decided = await db.transaction(async (tx) => {
        const rejected = await funding.rejectManualRequest(id, adminId, reason, tx);
        await audit.record(
          actor,
          {
            action: 'manual_deposit.reject',
            targetType: 'manual_deposit',
            targetId: id,
            before: { status: 'pending' },
            after: { status: rejected.status, userId: rejected.userId },
            reason,
          },
          tx,
        );
        return { rejected, event: await recordDecision(rejected, tx) };
      });
      deps.events?.publish(decided.event);
      return decided.rejected;
    },

    /** The manual deposits sent for a second admin's approval and still waiting for it. */
    async waitingIds(): Promise<Set<string>> {
      const waiting = await approvals.list({ kind: MANUAL_DEPOSIT_APPROVAL, status: 'pending', limit: 500 });
      return new Set(waiting.map((approval) => approval.targetId));
    },

    /** Credits an approved deposit, inside the approval's transaction. */
    carryOut: (async (approval, { tx, approver, afterCommit }) => {
      const { approved, event } = await approveIn(tx, approval.targetId, approver, approval.decisionNote);
      afterCommit(() => {
        deps.events?.publish(event);
      });
      return { creditKobo: kobo(approved.amountKobo - approved.chargeKobo), userId: approved.userId };
    }) satisfies ApprovalHandler,
  };
}

export type ManualDepositDecisions = ReturnType<typeof createManualDepositDecisions>;
