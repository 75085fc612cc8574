import type { Approvals } from '../approvals/index.ts';
import type { UserAdmin } from './user-admin.service.ts';
import { WALLET_ADJUSTMENT, type WalletAdjustments } from './wallet-adjustments.ts';

/** The admin module's kinds: a credit or debit past an admin's limits, and every change to an admin's account. */
export function registerAdminApprovals(
  approvals: Pick<Approvals, 'register'>,
  deps: {
    adjustments: Pick<WalletAdjustments, 'carryOut' | 'staleReason'>;
    userAdmin: Pick<UserAdmin, 'approvalKinds'>;
  },
): void {
  approvals.register(WALLET_ADJUSTMENT, {
    carryOut: deps.adjustments.carryOut,
    staleReason: deps.adjustments.staleReason,
    subjectOf: (row) => ({ label: "The customer's wallet", href: `/edit-user/${row.targetId}` }),
  });
  for (const [kind, handler] of Object.entries(deps.userAdmin.approvalKinds))
    approvals.register(kind, handler);
}
