import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import {
  DISPUTE_WINDOW_HOURS,
  disputeMessages as say,
  type AdminDispute,
  type Dispute,
} from '@quickvend/shared/api/disputes';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { disputeAnswers } from '@quickvend/shared/messages/disputes';
import { PURCHASE_NOT_FOUND } from '@quickvend/shared/messages/purchase';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { approvalMessages } from '../approvals/index.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import { findServiceDefinition } from '../catalog/index.ts';
import type { BuyerDirectory } from './purchase-admin.service.ts';
import { disputeClosedEvent } from './purchase-events.ts';
import { providerEvent, type PurchaseTimeline } from './purchase-timeline.ts';
import { toPurchase } from './purchases.mapper.ts';
import { ProviderUnavailableError, type BillsProvider } from './purchases.port.ts';
import type { PurchaseRow, PurchasesRepo } from './purchases.repo.ts';
import { purchaseDisputes, purchases } from './purchases.tables.ts';

type DisputeRow = typeof purchaseDisputes.$inferSelect;
type Answer = 'delivered' | 'failed' | 'pending' | 'unknown';

export type DisputesDeps = {
  db: Database;
  repo: Pick<PurchasesRepo, 'findByRequestId' | 'findById'>;
  provider: Pick<BillsProvider, 'requery'>;
  timeline: Pick<PurchaseTimeline, 'record'>;
  audit: Pick<AuditLog, 'record'>;
  limiter: Pick<RateLimiter, 'consume'>;
  users: Pick<BuyerDirectory, 'findUsersByIds'>;
  clock: Clock;
  /** `dispute.closed` (the customer hears what was found) is recorded in the closing transaction */
  events?: Pick<DomainEvents, 'record' | 'publish'>;
};

/** Where a delivered purchase shows, in the customer's words, so they can look once more. */
function whereToLook(row: PurchaseRow): string {
  const kind = findServiceDefinition(row.serviceId)?.kind;
  return kind ? disputeAnswers.whereToLook[kind] : '';
}

function answerFor(answer: Answer | null, row: PurchaseRow): string {
  switch (answer) {
    case 'delivered':
      return [
        disputeAnswers.delivered(row.finalizedAt ? formatLagosDateTime(row.finalizedAt.toISOString()) : null),
        whereToLook(row),
        disputeAnswers.team,
      ]
        .filter(Boolean)
        .join(' ');
    case 'failed':
      return disputeAnswers.failed;
    case 'pending':
    case 'unknown':
    case null:
      return disputeAnswers.notConfirmed;
  }
}

const toDispute = (row: DisputeRow, purchase: PurchaseRow): Dispute => ({
  id: row.id,
  status: row.status,
  providerAnswer: (row.requeryOutcome as Answer | null) ?? null,
  answer: answerFor((row.requeryOutcome as Answer | null) ?? null, purchase),
  customerNote: row.customerNote,
  resolution: row.resolution,
  createdAt: row.createdAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
});

/**
 * "I didn't get it": within a day of delivery the customer reports a purchase they never received. The provider
 * is asked again at once and its answer shown; the report waits for the team with that evidence. A delivered
 * purchase stays final here: whatever the team decides about money goes through the back office's own tools.
 */
export function createDisputes(deps: DisputesDeps) {
  const { db, repo, clock } = deps;

  async function ownDelivered(userId: string, requestId: string): Promise<PurchaseRow> {
    const row = await repo.findByRequestId(userId, requestId);
    if (!row) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    return row;
  }

  async function askProvider(row: PurchaseRow): Promise<{ answer: Answer | null; message: string | null }> {
    try {
      const result = await deps.provider.requery(row.providerRequestId, row.provider);
      await deps.timeline.record(
        providerEvent(row.id, 'customer.dispute', result, clock.now(), row.provider),
      );
      return { answer: result.status, message: 'message' in result ? result.message : null };
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      await deps.timeline.record({
        purchaseId: row.id,
        kind: 'customer.dispute',
        outcome: null,
        note: 'The provider could not be reached',
      });
      return { answer: null, message: null };
    }
  }

  return {
    /**
     * Opens the report once; asking again returns the same report.
     * @throws NOT_FOUND; CONFLICT when not delivered or delivered over a day ago; RATE_LIMITED
     */
    async open(userId: string, requestId: string, note: string | undefined): Promise<Dispute> {
      const row = await ownDelivered(userId, requestId);
      const [existing] = await db
        .select()
        .from(purchaseDisputes)
        .where(eq(purchaseDisputes.purchaseId, row.id));
      if (existing) return toDispute(existing, row);
      if (row.status !== 'delivered') throw new AppError('CONFLICT', say.notDelivered);
      const deliveredAt = (row.finalizedAt ?? row.updatedAt).getTime();
      if (clock.now().getTime() - deliveredAt > DISPUTE_WINDOW_HOURS * 3_600_000)
        throw new AppError('CONFLICT', say.tooLate);
      // each report costs a call to the provider
      await deps.limiter.consume([{ key: `dispute:user:${userId}`, max: 10, windowSeconds: 3600 }]);
      const { answer, message } = await askProvider(row);
      const [inserted] = await db
        .insert(purchaseDisputes)
        .values({
          id: newId('dsp'),
          purchaseId: row.id,
          userId,
          customerNote: note || null,
          requeryOutcome: answer,
          requeryMessage: message,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: purchaseDisputes.purchaseId })
        .returning();
      if (inserted) return toDispute(inserted, row);
      const [raced] = await db.select().from(purchaseDisputes).where(eq(purchaseDisputes.purchaseId, row.id));
      if (!raced) throw new Error('dispute vanished after a conflicting insert');
      return toDispute(raced, row);
    },

    /** The customer's report on their purchase, or null while they have made none. @throws NOT_FOUND when not theirs */
    async forPurchase(userId: string, requestId: string): Promise<Dispute | null> {
      const row = await ownDelivered(userId, requestId);
      const [found] = await db.select().from(purchaseDisputes).where(eq(purchaseDisputes.purchaseId, row.id));
      return found ? toDispute(found, row) : null;
    },

    /** Open reports oldest first (the longest waiting on top); closed ones newest first. */
    async list(status: 'open' | 'closed'): Promise<AdminDispute[]> {
      const rows = await db
        .select({ dispute: purchaseDisputes, purchase: purchases })
        .from(purchaseDisputes)
        .innerJoin(purchases, eq(purchases.id, purchaseDisputes.purchaseId))
        .where(eq(purchaseDisputes.status, status))
        .orderBy(status === 'open' ? purchaseDisputes.createdAt : desc(purchaseDisputes.closedAt))
        .limit(200);
      const people = await deps.users.findUsersByIds([...new Set(rows.map((r) => r.dispute.userId))]);
      return rows.map(({ dispute, purchase }) => {
        const shown = toPurchase(purchase);
        const person = people.get(dispute.userId);
        return {
          ...toDispute(dispute, purchase),
          purchaseId: purchase.id,
          customer: person ? { name: person.name, email: person.email } : null,
          purchase: {
            serviceName: shown.serviceName,
            recipient: purchase.billersCode ?? purchase.phone,
            amountKobo: purchase.amountKobo,
            deliveredAt: purchase.finalizedAt?.toISOString() ?? null,
            transactionId: purchase.providerReference,
          },
          providerMessage: dispute.requeryMessage,
        };
      });
    },

    /** @throws NOT_FOUND; CONFLICT when someone closed it first; FORBIDDEN for the admin's own report */
    async close(id: string, resolution: string, actor: Actor): Promise<Dispute> {
      const closed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(purchaseDisputes)
          .set({ status: 'closed', resolution, closedAt: clock.now(), closedBy: actor.id })
          .where(
            and(
              eq(purchaseDisputes.id, id),
              eq(purchaseDisputes.status, 'open'),
              isNull(purchaseDisputes.closedAt),
              // no admin resolves a report about their own purchase
              ne(purchaseDisputes.userId, actor.id ?? ''),
            ),
          )
          .returning();
        if (!row) return null;
        await deps.audit.record(
          actor,
          {
            action: 'dispute.close',
            targetType: 'purchase',
            targetId: row.purchaseId,
            before: { status: 'open' },
            after: { status: 'closed' },
            reason: resolution,
          },
          tx,
        );
        const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, row.purchaseId));
        if (!purchase) throw new Error('a dispute without its purchase');
        const event = disputeClosedEvent(row, purchase);
        await deps.events?.record(event, tx);
        return { row, purchase, event };
      });
      if (!closed) {
        const [found] = await db.select().from(purchaseDisputes).where(eq(purchaseDisputes.id, id));
        if (!found) throw new AppError('NOT_FOUND', say.notFound);
        if (found.status === 'open' && found.userId === actor.id)
          throw new AppError('FORBIDDEN', approvalMessages.ownAccountDecision);
        throw new AppError('CONFLICT', say.alreadyClosed);
      }
      deps.events?.publish(closed.event);
      return toDispute(closed.row, closed.purchase);
    },
  };
}

export type Disputes = ReturnType<typeof createDisputes>;
