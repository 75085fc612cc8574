import type { Kobo } from '@quickvend/shared/money';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import { approvalRequests, type ApprovalStatus } from './approvals.tables.ts';

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

export type NewApproval = {
  kind: string;
  targetId: string;
  amountKobo?: Kobo | null;
  payload: Record<string, unknown>;
  reason: string;
  /** at most one pending request of this kind for this target: asking again returns the one waiting */
  onePending?: boolean;
};

export type ApprovalFilter = {
  status?: ApprovalStatus | readonly ApprovalStatus[];
  kind?: string;
  targetId?: string;
  limit?: number;
};

/**
 * Maker–checker. One admin asks, another decides: the decision is one conditional update from `pending`, so
 * two admins approving at once carry it out once, and the database refuses a checker who is the maker.
 */
export function createApprovals(deps: { db: Database; audit: AuditLog; clock: Clock }) {
  const { db, audit, clock } = deps;
  const handlers = new Map<string, ApprovalHandler>();

  async function find(id: string): Promise<ApprovalRow> {
    const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'We could not find that approval request.');
    return row;
  }

  /** Why a decision found nothing to decide. */
  async function refusal(id: string, decider: Actor): Promise<AppError> {
    const row = await find(id);
    if (row.status !== 'pending') return new AppError('CONFLICT', 'This request has already been decided.');
    if (row.requestedBy === decider.id)
      return new AppError(
        'FORBIDDEN',
        'A second admin must decide this: you cannot approve or reject your own request.',
      );
    return new AppError('CONFLICT', 'This request has already been decided.');
  }

  return {
    /** Says how `kind` is carried out once approved. Each kind is registered once, at start. */
    register(kind: string, handler: ApprovalHandler): void {
      if (handlers.has(kind)) throw new Error(`approval kind ${kind} is registered twice`);
      handlers.set(kind, handler);
    },

    /** Records what `maker` asks for; in the caller's transaction when given one. */
    async request(input: NewApproval, maker: Actor, outer?: Transaction): Promise<ApprovalRow> {
      if (!handlers.has(input.kind)) throw new Error(`no handler for approval kind ${input.kind}`);
      if (!maker.id) throw new AppError('FORBIDDEN', 'Only a signed-in admin can ask for an approval.');
      const requestedBy = maker.id;
      const inTransaction = <T>(work: (tx: Transaction) => Promise<T>) =>
        outer ? work(outer) : db.transaction(work);
      return inTransaction(async (tx) => {
        if (input.onePending) {
          // two admins asking at once wait here for each other, so the second finds the first's request
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${input.kind}:${input.targetId}`}))`);
          const [waiting] = await tx
            .select()
            .from(approvalRequests)
            .where(
              and(
                eq(approvalRequests.kind, input.kind),
                eq(approvalRequests.targetId, input.targetId),
                eq(approvalRequests.status, 'pending'),
              ),
            );
          if (waiting) return waiting;
        }
        const [row] = await tx
          .insert(approvalRequests)
          .values({
            id: newId('apr'),
            kind: input.kind,
            targetId: input.targetId,
            amountKobo: input.amountKobo ?? null,
            payload: input.payload,
            reason: input.reason,
            requestedBy,
            requestedAt: clock.now(),
          })
          .returning();
        if (!row) throw new Error('approval request was not recorded');
        await audit.record(
          maker,
          {
            action: 'approval.request',
            targetType: 'approval',
            targetId: row.id,
            after: {
              kind: row.kind,
              targetId: row.targetId,
              amountKobo: row.amountKobo,
              payload: row.payload,
            },
            reason: input.reason,
          },
          tx,
        );
        return row;
      });
    },

    /**
     * Carries the request out and marks it approved, together.
     * @throws FORBIDDEN for the maker; CONFLICT when already decided; whatever the handler refuses with
     */
    async approve(id: string, checker: Actor, note?: string): Promise<ApprovalRow> {
      if (!checker.id) throw new AppError('FORBIDDEN', 'Only a signed-in admin can approve.');
      const checkerId = checker.id;
      const announcements: (() => void)[] = [];
      const decided = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(approvalRequests)
          .set({
            status: 'approved',
            decidedBy: checkerId,
            decidedAt: clock.now(),
            decisionNote: note ?? null,
          })
          .where(
            and(
              eq(approvalRequests.id, id),
              eq(approvalRequests.status, 'pending'),
              ne(approvalRequests.requestedBy, checkerId),
            ),
          )
          .returning();
        if (!claimed) return null;
        const handler = handlers.get(claimed.kind);
        if (!handler) throw new Error(`no handler for approval kind ${claimed.kind}`);
        const result = await handler(claimed, {
          tx,
          approver: checker,
          afterCommit: (announce) => announcements.push(announce),
        });
        const [done] = await tx
          .update(approvalRequests)
          .set({ result })
          .where(eq(approvalRequests.id, id))
          .returning();
        await audit.record(
          checker,
          {
            action: 'approval.approve',
            targetType: 'approval',
            targetId: id,
            before: { status: 'pending' },
            after: { status: 'approved', kind: claimed.kind, targetId: claimed.targetId, result },
            reason: note ?? null,
          },
          tx,
        );
        return done ?? null;
      });
      if (!decided) throw await refusal(id, checker);
      for (const announce of announcements) announce();
      return decided;
    },

    /** Another admin refuses it. @throws FORBIDDEN for the maker (who may cancel instead); CONFLICT when decided */
    async reject(id: string, checker: Actor, note: string): Promise<ApprovalRow> {
      return decideWithout(id, checker, 'rejected', note, ne(approvalRequests.requestedBy, checker.id ?? ''));
    },

    /** The maker withdraws it. @throws FORBIDDEN for anyone else; CONFLICT when decided */
    async cancel(id: string, maker: Actor): Promise<ApprovalRow> {
      const row = await find(id);
      if (row.requestedBy !== maker.id)
        throw new AppError('FORBIDDEN', 'Only the admin who asked can cancel this request.');
      return decideWithout(id, maker, 'cancelled', null, eq(approvalRequests.requestedBy, maker.id));
    },

    get: find,

    /** Newest first. */
    async list(filter: ApprovalFilter = {}): Promise<ApprovalRow[]> {
      const conditions: SQL[] = [];
      if (typeof filter.status === 'string') conditions.push(eq(approvalRequests.status, filter.status));
      else if (filter.status) conditions.push(inArray(approvalRequests.status, [...filter.status]));
      if (filter.kind) conditions.push(eq(approvalRequests.kind, filter.kind));
      if (filter.targetId) conditions.push(eq(approvalRequests.targetId, filter.targetId));
      return db
        .select()
        .from(approvalRequests)
        .where(and(...conditions))
        .orderBy(desc(approvalRequests.id))
        .limit(Math.min(filter.limit ?? 100, 500));
    },
  };

  async function decideWithout(
    id: string,
    decider: Actor,
    status: 'rejected' | 'cancelled',
    note: string | null,
    who: SQL,
  ): Promise<ApprovalRow> {
    const decided = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(approvalRequests)
        .set({ status, decidedBy: decider.id, decidedAt: clock.now(), decisionNote: note })
        .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'pending'), who))
        .returning();
      if (!row) return null;
      await audit.record(
        decider,
        {
          action: status === 'rejected' ? 'approval.reject' : 'approval.cancel',
          targetType: 'approval',
          targetId: id,
          before: { status: 'pending' },
          after: { status, kind: row.kind, targetId: row.targetId },
          reason: note,
        },
        tx,
      );
      return row;
    });
    if (!decided) throw await refusal(id, decider);
    return decided;
  }
}

export type Approvals = ReturnType<typeof createApprovals>;
