import type { Approvals } from '../approvals/index.ts';
import { PRICE_RULE_APPROVAL, type PriceAdmin } from './prices.service.ts';

/** The catalog module's kind: a price rule past the margin limits, saved with a second admin. */
export function registerCatalogApprovals(
  approvals: Pick<Approvals, 'register'>,
  prices: Pick<PriceAdmin, 'carryOut' | 'staleReason' | 'subjectOf'>,
): void {
  approvals.register(PRICE_RULE_APPROVAL, {
    carryOut: prices.carryOut,
    staleReason: prices.staleReason,
    subjectOf: prices.subjectOf,
  });
}
