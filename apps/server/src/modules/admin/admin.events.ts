import { domainEvent } from '../../lib/domain-events.ts';

export type WalletAdjusted = {
  userId: string;
  adjustmentId: string;
  direction: 'credit' | 'debit';
  amountKobo: number;
};
/** What an admin did to a customer's account that the customer must hear of. */
export type AccountChanged =
  | { kind: 'account.suspended' | 'account.restored'; userId: string; at: string }
  | { kind: 'email.change-started'; userId: string; at: string; newEmail: string };

declare module '../../lib/domain-events.ts' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges
  interface DomainEventMap {
    /** our team credited or debited a customer's wallet */
    'wallet.adjusted': WalletAdjusted;
    'account.changed': AccountChanged;
  }
}

export const walletAdjustedEvent = (adjustment: WalletAdjusted) =>
  domainEvent('wallet.adjusted', adjustment.adjustmentId, adjustment);

/** One per change of one account: the same change is not made twice in the same millisecond. */
export const accountChangedEvent = (change: {
  kind: AccountChanged['kind'];
  userId: string;
  at: Date;
  newEmail?: string;
}) => {
  const at = change.at.toISOString();
  const payload: AccountChanged =
    change.kind === 'email.change-started'
      ? { kind: change.kind, userId: change.userId, at, newEmail: change.newEmail ?? '' }
      : { kind: change.kind, userId: change.userId, at };
  return domainEvent('account.changed', `${change.kind}:${change.userId}:${at}`, payload);
};
