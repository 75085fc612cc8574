import type { Purchase } from '@quickvend/shared/api/purchases';
import { ESCALATED_MESSAGE } from '@quickvend/shared/messages/purchase';
import { domainEvent, type DomainEvent } from '../../lib/domain-events.ts';
import { credentialMail } from './purchases.mail.ts';
import { toPurchase } from './purchases.mapper.ts';
import type { PurchaseRow } from './purchases.repo.ts';

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
