import type { Kobo } from '@quickvend/shared/money';
import type { Executor, Transaction } from '../../db/client.ts';
import type { Actor } from '../audit/index.ts';
import type { approvalRequests, ApprovalStatus } from './approvals.tables.ts';

export type ApprovalRow = typeof approvalRequests.$inferSelect;

/**
 * How an approved request is carried out, inside the transaction that marks it approved: when it throws, the
 * request stays pending and nothing it did is kept. It must move money only through the ledger, under a
 * reference made from the approval id, so it can never run twice.
 */
export type ApprovalHandler = (
  approval: ApprovalRow,
  context: {
    tx: Transaction;
    approver: Actor;
    /** runs `announce` once the approval has committed (never if it rolls back) */
    afterCommit: (announce: () => void) => void;
  },
) => Promise<Record<string, unknown>>;

/** A kind of request: how it is carried out, and what the back office needs to know of it. */
export type ApprovalKind = {
  carryOut: ApprovalHandler;
  /**
   * Why a waiting request no longer applies (its purchase is final, its customer closed, …), or null. Such a
   * request is closed by the system with that reason, never left for someone to reject by hand.
   */
  staleReason?: (row: ApprovalRow, executor: Executor) => Promise<string | null>;
  /** what it is about, in words, and where the back office shows it */
  subjectOf?: (row: ApprovalRow) => ApprovalSubject | null;
};

export type ApprovalSubject = { label: string; href: string };

/** The system, when it closes a request that no longer applies. */
export const systemActor: Actor = { id: null, label: 'system' };

/** The account a request concerns: payloads name it `userId`. No admin asks for or decides their own. */
export const concernedUserOf = (row: Pick<ApprovalRow, 'payload'>): string | null =>
  typeof row.payload['userId'] === 'string' ? row.payload['userId'] : null;

export const approvalMessages = {
  ownAccountRequest: 'This is your own account: another admin must do this.',
  ownAccountDecision: 'This request is about your own account: another admin must decide it.',
  noLongerApplies: (reason: string) => `This request no longer applies: ${reason}`,
  deciderNotAdmin: (decision: 'approve' | 'reject') =>
    `You are no longer an active admin, so you cannot ${decision} this.`,
} as const;

export type NewApproval = {
  kind: string;
  targetId: string;
  amountKobo?: Kobo | null;
  payload: Record<string, unknown>;
  reason: string;
  /** at most one pending request of this kind for this target: asking again returns the one waiting */
  onePending?: boolean;
  /** with onePending, asking again while one waits is refused (CONFLICT) with this message instead */
  refuseWhileWaiting?: string;
};

export type ApprovalFilter = {
  status?: ApprovalStatus | readonly ApprovalStatus[];
  kind?: string;
  targetId?: string;
  /** the maker's id (or `cli:<login>`) */
  requestedBy?: string;
  limit?: number;
};
