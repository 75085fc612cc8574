import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Beneficiaries } from './beneficiaries.service.ts';

/** A delivered web purchase saves its number. Durable: a number the customer expects to find must not be missed. */
export function registerBeneficiarySubscribers(
  events: DomainEvents,
  beneficiaries: Pick<Beneficiaries, 'rememberPurchase'>,
): void {
  events.subscribe('purchase.delivered', 'beneficiaries', 'durable', (purchase) =>
    beneficiaries.rememberPurchase({
      ...purchase,
      status: 'delivered',
      createdAt: new Date(purchase.createdAt),
    }),
  );
}
