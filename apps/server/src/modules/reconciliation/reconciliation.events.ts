import { domainEvent } from '../../lib/domain-events.ts';

export type ProviderLossRecovered = {
  lossId: string;
  userId: string;
  purchaseId: string;
  refundedKobo: number;
};

/** The mail every admin gets of a loss just found: what VTpass delivered after its refund, and what to do. */
export type ProviderLossFound = { lossId: string; subject: string; text: string };

declare module '../../lib/domain-events.ts' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges
  interface DomainEventMap {
    /** a refund the provider's late delivery made wrong was taken back from the wallet */
    'provider-loss.recovered': ProviderLossRecovered;
    /** VTpass delivered a purchase we had refunded: every admin is mailed */
    'provider-loss.found': ProviderLossFound;
  }
}

export const providerLossRecoveredEvent = (loss: {
  id: string;
  userId: string;
  purchaseId: string;
  refundedKobo: number;
}) =>
  domainEvent('provider-loss.recovered', loss.id, {
    lossId: loss.id,
    userId: loss.userId,
    purchaseId: loss.purchaseId,
    refundedKobo: loss.refundedKobo,
  });

export const providerLossFoundEvent = (found: ProviderLossFound) =>
  domainEvent('provider-loss.found', found.lossId, found);
