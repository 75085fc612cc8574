import type { Approvals } from '../approvals/index.ts';
import { RECOVER_LOSS_APPROVAL, type ProviderLosses } from './provider-losses.service.ts';

/** The reconciliation module's kind: a provider-side loss recovered from the customer's wallet. */
export function registerReconciliationApprovals(
  approvals: Pick<Approvals, 'register'>,
  providerLosses: Pick<ProviderLosses, 'recoverApproved' | 'staleReasonOf'>,
): void {
  approvals.register(RECOVER_LOSS_APPROVAL, {
    carryOut: providerLosses.recoverApproved,
    staleReason: providerLosses.staleReasonOf,
    subjectOf: () => ({ label: 'Provider-side loss', href: '/admin/reconciliation' }),
  });
}
