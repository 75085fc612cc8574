import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { inTransaction, type Database, type Executor, type Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import { approvalRequests } from './approvals.tables.ts';
import {
  approvalMessages,
  concernedUserOf,
  systemActor,
  type ApprovalFilter,
  type ApprovalHandler,
  type ApprovalKind,
  type ApprovalRow,
  type ApprovalSubject,
  type NewApproval,
} from './approvals.types.ts';

/** No admin decides a request about their own account (checked in the deciding update itself). */
const notAbout = (adminId: string): SQL =>
  sql`coalesce(${approvalRequests.payload}->>'userId', '') <> ${adminId}`;

export type ApprovalsDeps = {
  db: Database;
  audit: AuditLog;
  clock: Clock;
  /**
   * Whether the admin is still an active admin, their row held (shared) until `tx` ends: a demotion,
   * suspension or deletion of the decider either waits for the decision or is seen by it.
   */
  holdActiveAdmin: (adminId: string, tx: Transaction) => Promise<boolean>;
};

/**
 * Maker–checker. One admin asks, another decides: the decision is one conditional update from `pending`, so
 * two admins approving at once carry it out once, and the database refuses a checker who is the maker.
 */
export function createApprovals(deps: ApprovalsDeps) {
  const { db, audit, clock } = deps;

  /**
   * Read last in the deciding transaction, after everything the request's kind locked (admin rows always in
   * one order), so that it never waits on a demotion while holding what the demotion needs.
   * @throws CONFLICT when the decider is no longer an active admin
   */
  async function refuseFormerAdmin(deciderId: string, decision: 'approve' | 'reject', tx: Transaction) {
    if (!(await deps.holdActiveAdmin(deciderId, tx)))
      throw new AppError('CONFLICT', approvalMessages.deciderNotAdmin(decision));
  }
  const kinds = new Map<string, ApprovalKind>();

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
    if (concernedUserOf(row) === decider.id)
      return new AppError('FORBIDDEN', approvalMessages.ownAccountDecision);
    return new AppError('CONFLICT', 'This request has already been decided.');
  }

  /** Closes waiting requests that match `where`, with the reason, as the system. @returns those closed */
  async function closeWhere(where: SQL, reason: string, executor: Executor): Promise<ApprovalRow[]> {
    const closed = await executor
      .update(approvalRequests)
      .set({ status: 'closed', decidedBy: null, decidedAt: clock.now(), decisionNote: reason })
      .where(and(eq(approvalRequests.status, 'pending'), where))
      .returning();
    for (const row of closed) {
      await audit.record(
        systemActor,
        {
          action: 'approval.close',
          targetType: 'approval',
          targetId: row.id,
          before: { status: 'pending' },
          after: { status: 'closed', kind: row.kind, targetId: row.targetId },
          reason,
        },
        executor,
      );
    }
    return closed;
  }

  /** The reason a waiting request no longer applies, or null. */
  async function staleReasonOf(row: ApprovalRow, executor: Executor = db): Promise<string | null> {
    const kind = kinds.get(row.kind);
    return kind?.staleReason ? kind.staleReason(row, executor) : null;
  }

  return {
    /** Says how `kind` is carried out once approved. Each kind is registered once, at start. */
    register(kind: string, handler: ApprovalHandler | ApprovalKind): void {
      if (kinds.has(kind)) throw new Error(`approval kind ${kind} is registered twice`);
      kinds.set(kind, typeof handler === 'function' ? { carryOut: handler } : handler);
    },

    /** What a request is about, for the back office (null for kinds that do not say). */
    subjectOf: (row: ApprovalRow): ApprovalSubject | null => kinds.get(row.kind)?.subjectOf?.(row) ?? null,

    /**
     * Closes, as the system, the waiting requests about this target (of this kind, when given), in the caller's
     * transaction: for the module that made them moot (a purchase became final, an account closed).
     */
    closeFor(
      target: {
        targetId?: string;
        userId?: string;
        /** the maker: an admin who is no longer one */
        requestedBy?: string;
        kind?: string | readonly string[];
      },
      reason: string,
      executor: Executor = db,
    ): Promise<ApprovalRow[]> {
      const conditions: SQL[] = [];
      if (target.targetId) conditions.push(eq(approvalRequests.targetId, target.targetId));
      if (target.userId) conditions.push(sql`${approvalRequests.payload}->>'userId' = ${target.userId}`);
      if (target.requestedBy) conditions.push(eq(approvalRequests.requestedBy, target.requestedBy));
      if (typeof target.kind === 'string') conditions.push(eq(approvalRequests.kind, target.kind));
      else if (target.kind) conditions.push(inArray(approvalRequests.kind, [...target.kind]));
      if (!target.targetId && !target.userId && !target.requestedBy)
        throw new Error('closeFor needs a target or a user');
      const where = and(...conditions);
      if (!where) throw new Error('closeFor needs a target or a user');
      return closeWhere(where, reason, executor);
    },

    /** Whether a request about `userId`'s account is waiting for a decision; read through `executor`. */
    async hasPendingAbout(userId: string, executor: Executor = db): Promise<boolean> {
      const [row] = await executor
        .select({ id: approvalRequests.id })
        .from(approvalRequests)
        .where(
          and(
            eq(approvalRequests.status, 'pending'),
            sql`${approvalRequests.payload}->>'userId' = ${userId}`,
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Closes every waiting request that no longer applies, each with its reason. @returns how many */
    async closeStale(): Promise<number> {
      const waiting = await db
        .select()
        .from(approvalRequests)
        .where(eq(approvalRequests.status, 'pending'))
        .orderBy(approvalRequests.id)
        .limit(500);
      let closed = 0;
      for (const row of waiting) {
        const reason = await staleReasonOf(row);
        if (reason) closed += (await closeWhere(eq(approvalRequests.id, row.id), reason, db)).length;
      }
      return closed;
    },

    /** Records what `maker` asks for; in the caller's transaction when given one. */
    async request(input: NewApproval, maker: Actor, outer?: Transaction): Promise<ApprovalRow> {
      if (!kinds.has(input.kind)) throw new Error(`no handler for approval kind ${input.kind}`);
      // the operator at the command line asks under their label; any admin may decide it
      const requestedBy = maker.id ?? maker.label;
      if (maker.id && concernedUserOf(input) === maker.id)
        throw new AppError('FORBIDDEN', approvalMessages.ownAccountRequest);
      return inTransaction(db, outer, async (tx) => {
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
          if (waiting && input.refuseWhileWaiting) throw new AppError('CONFLICT', input.refuseWhileWaiting);
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
      const waiting = await find(id);
      if (waiting.status === 'pending') {
        const reason = await staleReasonOf(waiting);
        if (reason) {
          await closeWhere(and(eq(approvalRequests.id, id)) as SQL, reason, db);
          throw new AppError('CONFLICT', approvalMessages.noLongerApplies(reason));
        }
      }
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
              notAbout(checkerId),
            ),
          )
          .returning();
        if (!claimed) return null;
        const kind = kinds.get(claimed.kind);
        if (!kind) throw new Error(`no handler for approval kind ${claimed.kind}`);
        const result = await kind.carryOut(claimed, {
          tx,
          approver: checker,
          afterCommit: (announce) => announcements.push(announce),
        });
        const [done] = await tx
          .update(approvalRequests)
          .set({ result })
          .where(eq(approvalRequests.id, id))
          .returning();
        await refuseFormerAdmin(checkerId, 'approve', tx);
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
      const who = and(ne(approvalRequests.requestedBy, checker.id ?? ''), notAbout(checker.id ?? '')) as SQL;
      return decideWithout(id, checker, 'rejected', note, who);
    },

    /** The maker withdraws it. @throws FORBIDDEN for anyone else; CONFLICT when decided */
    async cancel(id: string, maker: Actor): Promise<ApprovalRow> {
      const row = await find(id);
      if (row.requestedBy !== maker.id)
        throw new AppError('FORBIDDEN', 'Only the admin who asked can cancel this request.');
      return decideWithout(id, maker, 'cancelled', null, eq(approvalRequests.requestedBy, maker.id));
    },

    get: find,

    /** Of these targets, those with an approved request of `kind`; read through the caller's transaction. */
    async approvedAmong(
      kind: string,
      targetIds: readonly string[],
      executor: Executor,
    ): Promise<Set<string>> {
      if (targetIds.length === 0) return new Set();
      const rows = await executor
        .select({ targetId: approvalRequests.targetId })
        .from(approvalRequests)
        .where(
          and(
            eq(approvalRequests.kind, kind),
            eq(approvalRequests.status, 'approved'),
            inArray(approvalRequests.targetId, [...targetIds]),
          ),
        );
      return new Set(rows.map((row) => row.targetId));
    },

    /** Newest first. */
    async list(filter: ApprovalFilter = {}, executor: Executor = db): Promise<ApprovalRow[]> {
      const conditions: SQL[] = [];
      if (typeof filter.status === 'string') conditions.push(eq(approvalRequests.status, filter.status));
      else if (filter.status) conditions.push(inArray(approvalRequests.status, [...filter.status]));
      if (filter.kind) conditions.push(eq(approvalRequests.kind, filter.kind));
      if (filter.targetId) conditions.push(eq(approvalRequests.targetId, filter.targetId));
      if (filter.requestedBy) conditions.push(eq(approvalRequests.requestedBy, filter.requestedBy));
      return executor
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
      if (status === 'rejected') await refuseFormerAdmin(decider.id ?? '', 'reject', tx);
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
