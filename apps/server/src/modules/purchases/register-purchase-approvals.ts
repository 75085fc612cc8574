import type { Approvals } from '../approvals/index.ts';
import { DELIVER_APPROVAL, REFUND_APPROVAL } from './purchase-approvals.ts';
import type { PurchaseEngine } from './purchases.service.ts';

/** The purchases module's kinds: a purchase delivered, or refunded, on two admins' word. */
export function registerPurchaseApprovals(
  approvals: Pick<Approvals, 'register'>,
  purchases: Pick<PurchaseEngine, 'admin'>,
): void {
  const subjectOf = (row: { targetId: string }) => ({
    label: 'Purchase',
    href: `/admin/purchases/${row.targetId}`,
  });
  approvals.register(DELIVER_APPROVAL, {
    carryOut: purchases.admin.deliverApproved,
    staleReason: purchases.admin.staleReasonOf,
    subjectOf,
  });
  approvals.register(REFUND_APPROVAL, {
    carryOut: purchases.admin.refundApproved,
    staleReason: purchases.admin.staleReasonOf,
    subjectOf,
  });
}
