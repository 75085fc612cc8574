import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { encodeTime } from 'ulidx';
import { z } from 'zod';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { ESCALATED_MESSAGE } from '@quickvend/shared/messages/purchase';
import type { Database } from '../../db/client.ts';
import { domainEvent, type DomainEvent, type EventSource } from '../../lib/domain-events.ts';
import { domainEvents } from '../../lib/domain-events.tables.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { credentialMail } from './purchases.mail.ts';
import { toPurchase } from './purchases.mapper.ts';
import type { PurchaseRow } from './purchases.repo.ts';
import { REQUERY_JOB } from './purchase-steps.ts';
import { purchaseDisputes, purchases } from './purchases.tables.ts';
import { RECONCILE_JOB } from './requery.service.ts';

/** A purchase's change as subscribers read it: who, what, for whom (never its token or PINs). */
export type PurchaseChanged = {
  purchaseId: string;
  userId: string;
  requestId: string;
  channel: 'web' | 'api';
  serviceId: string;
  phone: string;
  billersCode: string | null;
  variationCode: string | null;
  customerName: string | null;
  createdAt: string;
};
export type DisputeClosed = {
  disputeId: string;
  purchaseId: string;
  userId: string;
  requestId: string;
  resolution: string | null;
};
export type PinChanged = { userId: string; change: 'created' | 'changed'; at: string };

declare module '../../lib/domain-events.ts' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges
  interface DomainEventMap {
    /** first kept pending: the customer is told we are confirming it */
    'purchase.pending': PurchaseChanged;
    /** still pending at its deadline: handed to the team */
    'purchase.escalated': PurchaseChanged;
    'purchase.delivered': PurchaseChanged;
    /** failed, and the whole charge back in the wallet */
    'purchase.refunded': PurchaseChanged;
    'dispute.closed': DisputeClosed;
    'security.pin-changed': PinChanged;
  }
}

const changeOf = (row: PurchaseRow): PurchaseChanged => ({
  purchaseId: row.id,
  userId: row.userId,
  requestId: row.requestId,
  channel: row.channel,
  serviceId: row.serviceId,
  phone: row.phone,
  billersCode: row.billersCode,
  variationCode: row.variationCode,
  customerName: row.customerName,
  createdAt: row.createdAt.toISOString(),
});

/** The event of a purchase the engine has just told of (`onOutcome`); each happens once per purchase. */
export function purchaseEventOf(row: PurchaseRow): DomainEvent | null {
  switch (row.status) {
    case 'delivered':
      return domainEvent('purchase.delivered', row.id, changeOf(row));
    case 'failed':
      return domainEvent('purchase.refunded', row.id, changeOf(row));
    case 'pending':
      return row.message === ESCALATED_MESSAGE
        ? domainEvent('purchase.escalated', row.id, changeOf(row))
        : domainEvent('purchase.pending', row.id, changeOf(row));
    case 'processing':
      return null;
  }
}

export const disputeClosedEvent = (dispute: { id: string; resolution: string | null }, row: PurchaseRow) =>
  domainEvent('dispute.closed', dispute.id, {
    disputeId: dispute.id,
    purchaseId: row.id,
    userId: row.userId,
    requestId: row.requestId,
    resolution: dispute.resolution,
  });

/** One per change: a PIN is not changed twice in the same millisecond. */
export const pinChangedEvent = (userId: string, change: 'created' | 'changed', at: Date) =>
  domainEvent('security.pin-changed', `${userId}:${at.toISOString()}`, {
    userId,
    change,
    at: at.toISOString(),
  });

/** What a notice of the purchase reads, as it is now. */
export function purchaseFactsOf(row: PurchaseRow): {
  userId: string;
  purchase: Purchase;
  wasPending: boolean;
  resolveBy: Date | null;
  credentialEmail?: { subject: string; text: string };
} {
  const purchase = toPurchase(row);
  const hasCredential = purchase.status === 'delivered' && Boolean(purchase.token || purchase.pins?.length);
  return {
    userId: row.userId,
    purchase,
    wasPending: row.checks > 0,
    resolveBy: row.resolveBy,
    ...(hasCredential && { credentialEmail: credentialMail(purchase) }),
  };
}

const DAY_MS = 86_400_000;
const SWEEP_LIMIT = 500;

/**
 * A purchase is settled or refunded in ONE statement the ledger builds, which no outbox row can join: a process that
 * dies between that commit and the publish would lose the event. So the sweep reads here the final purchases and
 * closed reports of the last day whose event is not in the outbox, and publishes them.
 */
export function unpublishedPurchaseEvents(db: Database): EventSource {
  return async (before) => {
    const since = new Date(before.getTime() - DAY_MS);
    // ids begin with their creation time, so the primary key bounds the scan: a purchase finished in the last day
    // was made at most a day before that (one escalated longer is left to the team, who tell its customer)
    const fromId = `pur_${encodeTime(Math.min(since.getTime(), Date.now()) - DAY_MS, 10)}`;
    const eventId = sql`case when ${purchases.status} = 'delivered' then 'purchase.delivered:' else 'purchase.refunded:' end || ${purchases.id}`;
    const final = await db
      .select()
      .from(purchases)
      .where(
        and(
          gte(purchases.id, fromId),
          inArray(purchases.status, ['delivered', 'failed']),
          gte(purchases.finalizedAt, since),
          lt(purchases.finalizedAt, before),
          sql`not exists (select 1 from ${domainEvents} where ${domainEvents.id} = ${eventId})`,
        ),
      )
      .limit(SWEEP_LIMIT);
    const closed = await db
      .select({ dispute: purchaseDisputes, purchase: purchases })
      .from(purchaseDisputes)
      .innerJoin(purchases, eq(purchases.id, purchaseDisputes.purchaseId))
      .where(
        and(
          eq(purchaseDisputes.status, 'closed'),
          gte(purchaseDisputes.closedAt, since),
          lt(purchaseDisputes.closedAt, before),
          sql`not exists (select 1 from ${domainEvents} where ${domainEvents.id} = 'dispute.closed:' || ${purchaseDisputes.id})`,
        ),
      )
      .limit(SWEEP_LIMIT);
    return [
      ...final.flatMap((row) => purchaseEventOf(row) ?? []),
      ...closed.map(({ dispute, purchase }) => disputeClosedEvent(dispute, purchase)),
    ];
  };
}

/** The purchases' own jobs: each pending purchase's requery, and the every-minute pass over what a crash left. */
export async function registerPurchaseJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule' | 'send'>,
  purchases: {
    recheck: (purchaseId: string) => Promise<unknown>;
    reconcile: () => Promise<unknown[]>;
  },
  log: { info: (facts: object, message: string) => void },
): Promise<void> {
  await jobs.work(REQUERY_JOB, z.object({ purchaseId: z.string() }), async ({ purchaseId }) => {
    await purchases.recheck(purchaseId);
  });
  await jobs.work(RECONCILE_JOB, z.object({}), async () => {
    const changes = await purchases.reconcile();
    if (changes.length > 0) log.info({ changes }, 'reconciled purchases');
  });
  await jobs.schedule(RECONCILE_JOB, '* * * * *');
  // purchases a crash left behind are picked up at start, not at the next tick
  await jobs.send(RECONCILE_JOB, {});
}
