import {
  purchaseAdminMessages as say,
  type AdminPurchase,
  type PurchaseBuyer,
  type PurchaseEvent,
  type RefundPurchaseResponse,
} from '@quickvend/shared/api/admin-purchases';
import { formatLagosMinuteStamp } from '@quickvend/shared/format';
import { kobo } from '@quickvend/shared/money';
import { ownerAndPeriodOf } from '../../lib/back-office-filter.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { approvalMessages, type ApprovalRow, type Approvals } from '../approvals/index.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import {
  createPurchaseApprovals,
  DELIVER_APPROVAL,
  deliverPayload,
  finalRefusal,
  REFUND_APPROVAL,
} from './purchase-approvals.ts';
import type { PurchaseSteps } from './purchase-steps.ts';
import type { PurchaseEventRow, PurchaseTimeline } from './purchase-timeline.ts';
import { purchasesCsv } from './purchases.csv.ts';
import { toPurchase } from './purchases.mapper.ts';
import { OPEN, type PurchaseRow, type PurchasesRepo } from './purchases.repo.ts';
import { STUCK_AFTER_MS, type PurchaseFilter, type PurchaseSearch } from './purchases.search.ts';
import type { RequeryAnswer } from './requery.service.ts';

export { DELIVER_APPROVAL, PURCHASE_APPROVALS, REFUND_APPROVAL } from './purchase-approvals.ts';

/** Who bought it: the accounts module answers, the purchases module never reads its tables. */
export type BuyerDirectory = {
  findUsersByIds(ids: readonly string[]): Promise<Map<string, PurchaseBuyer>>;
  findUserByEmail(email: string): Promise<{ id: string } | null>;
};

export type PurchaseAdminDeps = {
  repo: Pick<PurchasesRepo, 'findById'>;
  steps: Pick<PurchaseSteps, 'applyAnswer' | 'publishEvent'>;
  requeryNow: (id: string) => Promise<RequeryAnswer | null>;
  timeline: PurchaseTimeline;
  search: PurchaseSearch;
  audit: Pick<AuditLog, 'record'>;
  approvals: Pick<Approvals, 'request' | 'list'>;
  users: BuyerDirectory;
  clock: Clock;
};

export type RefundOutcome = RefundPurchaseResponse;

/** The search's filters as the admin typed them: a user by email or id, days in Lagos. */
export type PurchaseQuery = Omit<PurchaseFilter, 'userId' | 'since' | 'until'> & {
  user?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

const actorsOf = (events: readonly PurchaseEventRow[]) => [
  ...new Set(events.flatMap((event) => (event.actorId ? [event.actorId] : []))),
];

function toTimelineLine(event: PurchaseEventRow, labelOf: (id: string) => string): PurchaseEvent {
  return {
    id: event.id,
    at: event.at.toISOString(),
    kind: event.kind,
    outcome: event.outcome,
    code: event.code,
    raw: event.raw ?? null,
    note: event.note,
    provider: event.provider,
    actor: event.actorId ? labelOf(event.actorId) : null,
  };
}

/**
 * What an admin does to purchases: search them, read one with its timeline, ask VTpass again, refund, or ask a
 * second admin to confirm delivery. Every action is audited, and recorded in the purchase's timeline.
 */
export function createPurchaseAdmin(deps: PurchaseAdminDeps) {
  const { repo, timeline, audit, users, clock } = deps;
  const approved = createPurchaseApprovals(deps);

  async function buyersOf(rows: readonly { userId: string }[]) {
    return users.findUsersByIds([...new Set(rows.map((row) => row.userId))]);
  }

  function toAdminPurchase(row: PurchaseRow, buyers: Map<string, PurchaseBuyer>): AdminPurchase {
    const buyer = buyers.get(row.userId);
    const isOpen = OPEN.includes(row.status);
    return {
      ...toPurchase(row),
      userId: row.userId,
      buyer: buyer ? { id: buyer.id, name: buyer.name, email: buyer.email } : null,
      channel: row.channel,
      stage: row.status,
      costKobo: row.costKobo,
      // settling takes an unreported cost as the amount charged
      marginKobo:
        row.status === 'delivered' ? kobo(row.chargedKobo - (row.costKobo ?? row.chargedKobo)) : null,
      checks: row.checks,
      nextCheckAt: row.nextCheckAt?.toISOString() ?? null,
      finalizedAt: row.finalizedAt?.toISOString() ?? null,
      isStuck: isOpen && clock.now().getTime() - row.createdAt.getTime() > STUCK_AFTER_MS,
    };
  }

  /** The filter the database reads; null when it can match nothing (an email nobody has). */
  async function filterOf(query: PurchaseQuery): Promise<PurchaseFilter | null> {
    return ownerAndPeriodOf(query, (email) => users.findUserByEmail(email));
  }

  async function findOpen(id: string): Promise<PurchaseRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('NOT_FOUND', say.notFound);
    if (!OPEN.includes(row.status)) throw finalRefusal(row);
    return row;
  }

  async function one(id: string): Promise<AdminPurchase> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('NOT_FOUND', say.notFound);
    return toAdminPurchase(row, await buyersOf([row]));
  }

  /** Who asked, when and why, for a request about this purchase still waiting for a second admin. */
  function waitingView(waiting: ApprovalRow, labelOf: (id: string) => string) {
    return {
      approvalId: waiting.id,
      requestedAt: waiting.requestedAt.toISOString(),
      requestedBy: labelOf(waiting.requestedBy),
    };
  }

  return {
    DELIVER_APPROVAL,
    ...approved,

    async search(query: PurchaseQuery, page: { page: number; pageSize: number }) {
      const filter = await filterOf(query);
      const { rows, total } = filter
        ? await deps.search.search(filter, page, clock.now())
        : { rows: [], total: 0 };
      const buyers = await buyersOf(rows);
      return {
        purchases: rows.map((row) => toAdminPurchase(row, buyers)),
        page: page.page,
        pageSize: page.pageSize,
        total,
      };
    },

    /** Every purchase the search finds, up to `limit`, as a CSV document. */
    async exportCsv(query: PurchaseQuery, limit: number): Promise<{ filename: string; csv: string }> {
      const filter = await filterOf(query);
      const rows = filter ? await deps.search.all(filter, limit, clock.now()) : [];
      const buyers = await buyersOf(rows);
      return {
        filename: `purchases-${formatLagosMinuteStamp(clock.now())}.csv`,
        csv: purchasesCsv(rows.map((row) => toAdminPurchase(row, buyers))),
      };
    },

    summary: () => deps.search.summary(clock.now()),

    /** Purchases open more than a day, oldest first. */
    listStuck: () => deps.search.listStuck(clock.now()),

    /** The purchase with the newest page of its timeline. @throws NOT_FOUND */
    async detail(id: string) {
      const row = await repo.findById(id);
      if (!row) throw new AppError('NOT_FOUND', say.notFound);
      const [{ events, olderCursor }, [waiting], [waitingRefund]] = await Promise.all([
        timeline.listPage(id),
        deps.approvals.list({ kind: DELIVER_APPROVAL, targetId: id, status: 'pending', limit: 1 }),
        deps.approvals.list({ kind: REFUND_APPROVAL, targetId: id, status: 'pending', limit: 1 }),
      ]);
      const people = await users.findUsersByIds([
        ...new Set([
          row.userId,
          ...actorsOf(events),
          ...[waiting, waitingRefund].flatMap((request) => (request ? [request.requestedBy] : [])),
        ]),
      ]);
      const labelOf = (id: string) => people.get(id)?.email ?? id;
      return {
        purchase: toAdminPurchase(row, people),
        events: events.map((event) => toTimelineLine(event, labelOf)),
        olderEventsCursor: olderCursor,
        pendingDelivery: waiting
          ? {
              ...waitingView(waiting, labelOf),
              evidence: deliverPayload.safeParse(waiting.payload).data?.evidence ?? waiting.reason,
            }
          : null,
        pendingRefund: waitingRefund
          ? { ...waitingView(waitingRefund, labelOf), reason: waitingRefund.reason }
          : null,
      };
    },

    /**
     * The page of a purchase's timeline before the line `before` (a detail's or a page's `olderEventsCursor`).
     * @throws NOT_FOUND
     */
    async events(id: string, page: { before: string; limit?: number | undefined }) {
      if (!(await repo.findById(id))) throw new AppError('NOT_FOUND', say.notFound);
      const { events, olderCursor } = await timeline.listPage(id, {
        before: page.before,
        ...(page.limit !== undefined && { limit: page.limit }),
      });
      const people = await users.findUsersByIds(actorsOf(events));
      const labelOf = (id: string) => people.get(id)?.email ?? id;
      return {
        events: events.map((event) => toTimelineLine(event, labelOf)),
        olderEventsCursor: olderCursor,
      };
    },

    /**
     * Asks VTpass about an open purchase now, as the requery job does, and applies its answer.
     * @throws NOT_FOUND; CONFLICT when it is already final
     */
    async requery(id: string, actor: Actor) {
      const before = await findOpen(id);
      const answer = await deps.requeryNow(id);
      const after = await repo.findById(id);
      if (!after) throw new AppError('NOT_FOUND', say.notFound);
      // another action settled it first: this requery asked nothing
      if (!answer) throw finalRefusal(after);
      const message =
        after.status === 'delivered' || after.status === 'failed'
          ? say.requeried[after.status]
          : say.requeried.pending;
      await audit.record(actor, {
        action: 'purchase.requery',
        targetType: 'purchase',
        targetId: id,
        before: { status: before.status },
        after: { status: after.status, answer: answer.status },
      });
      await timeline.record({
        purchaseId: id,
        kind: 'admin.requery',
        outcome: after.status,
        note: message,
        actorId: actor.id,
        provider: before.provider,
      });
      return { purchase: toAdminPurchase(after, await buyersOf([after])), message };
    },

    /**
     * Asks VTpass first and follows its word: delivered, the purchase is settled and there is nothing to refund;
     * failed, the customer is refunded. Still pending, or not answered, the refund would rest on the admin's
     * word alone: it waits for a second admin (one request per purchase).
     * @throws NOT_FOUND; CONFLICT when it is already final; FORBIDDEN for a purchase of the admin's own
     */
    async refund(id: string, reason: string, actor: Actor): Promise<RefundOutcome> {
      const before = await findOpen(id);
      if (actor.id && before.userId === actor.id)
        throw new AppError('FORBIDDEN', approvalMessages.ownAccountRequest);
      const answer = await deps.requeryNow(id);
      const after = await repo.findById(id);
      if (!after) throw new AppError('NOT_FOUND', say.notFound);
      // another action settled it first: this requery asked nothing
      if (!answer) throw finalRefusal(after);
      const view = async (row: PurchaseRow) => toAdminPurchase(row, await buyersOf([row]));
      const refundedOnItsWord =
        after.status === 'failed' && (answer.status === 'failed' || answer.status === 'unknown');
      if (refundedOnItsWord || (after.status === 'delivered' && answer.status === 'delivered')) {
        const message = refundedOnItsWord ? say.refundedOnProviderWord : say.refundFoundDelivered;
        await audit.record(actor, {
          action: refundedOnItsWord ? 'purchase.refund' : 'purchase.requery',
          targetType: 'purchase',
          targetId: id,
          before: { status: before.status },
          after: {
            status: after.status,
            answer: answer.status,
            ...(refundedOnItsWord && { refundedKobo: after.chargedKobo }),
          },
          reason,
        });
        await timeline.record({
          purchaseId: id,
          kind: 'admin.refund',
          outcome: after.status,
          note: refundedOnItsWord ? reason : message,
          actorId: actor.id,
        });
        return {
          outcome: refundedOnItsWord ? 'refunded' : 'delivered',
          purchase: await view(after),
          message,
          approval: null,
        };
      }
      // refunded or delivered by someone else while VTpass was asked
      if (!OPEN.includes(after.status)) throw finalRefusal(after);
      const askedAt = clock.now();
      const approval = await deps.approvals.request(
        {
          kind: REFUND_APPROVAL,
          targetId: id,
          amountKobo: after.chargedKobo,
          payload: { userId: after.userId, reason },
          reason,
          onePending: true,
        },
        actor,
      );
      const isNew =
        approval.requestedBy === (actor.id ?? actor.label) &&
        approval.requestedAt.getTime() >= askedAt.getTime();
      if (isNew) {
        await timeline.record({
          purchaseId: id,
          kind: 'admin.refund',
          outcome: 'requested',
          note: reason,
          actorId: actor.id,
          raw: { approvalId: approval.id },
        });
      }
      return {
        outcome: 'awaiting_approval',
        purchase: await view(after),
        message: isNew ? say.refundRequested : say.refundAwaitingApproval,
        approval: {
          id: approval.id,
          status: 'pending',
          requestedAt: approval.requestedAt.toISOString(),
        },
      };
    },

    /**
     * Asks a second admin to confirm the purchase was delivered (the maker–checker rule for money leaving the
     * hold without VTpass's word). @throws NOT_FOUND; CONFLICT when final or when a request is already waiting
     */
    async requestDelivery(id: string, input: { evidence: string; providerReference?: string }, actor: Actor) {
      const row = await findOpen(id);
      const [waiting] = await deps.approvals.list({
        kind: DELIVER_APPROVAL,
        targetId: id,
        status: 'pending',
        limit: 1,
      });
      if (waiting) throw new AppError('CONFLICT', say.deliveryAwaitingApproval);
      const approval = await deps.approvals.request(
        {
          kind: DELIVER_APPROVAL,
          targetId: id,
          amountKobo: row.chargedKobo,
          payload: {
            userId: row.userId,
            evidence: input.evidence,
            providerReference: input.providerReference || null,
          },
          reason: input.evidence,
        },
        actor,
      );
      await timeline.record({
        purchaseId: id,
        kind: 'admin.deliver',
        outcome: 'requested',
        note: input.evidence,
        actorId: actor.id,
        raw: { approvalId: approval.id },
      });
      return {
        approval: {
          id: approval.id,
          status: 'pending' as const,
          requestedAt: approval.requestedAt.toISOString(),
        },
        message: say.deliveryRequested,
      };
    },

    one,
  };
}

export type PurchaseAdmin = ReturnType<typeof createPurchaseAdmin>;
