import { domainEvent } from '../../lib/domain-events.ts';

export type FundingCredited = {
  userId: string;
  /** the payment's own reference: one credit each */
  reference: string;
  method: 'card' | 'transfer';
  amountKobo: number;
  senderName: string | null;
};
export type ManualDepositDecided = {
  id: string;
  userId: string;
  status: 'approved' | 'rejected';
  amountKobo: number;
  chargeKobo: number;
  depositorName: string;
  bankName: string;
  reason: string | null;
};

declare module '../../lib/domain-events.ts' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges
  interface DomainEventMap {
    /** a card payment or bank transfer is in the wallet */
    'funding.credited': FundingCredited;
    /** an admin approved (and the wallet was credited) or rejected a manual deposit */
    'manual-deposit.decided': ManualDepositDecided;
  }
}

export const fundingCreditedEvent = (credit: FundingCredited) =>
  domainEvent('funding.credited', credit.reference, credit);

export const manualDepositDecidedEvent = (decision: ManualDepositDecided) =>
  domainEvent('manual-deposit.decided', decision.id, decision);
