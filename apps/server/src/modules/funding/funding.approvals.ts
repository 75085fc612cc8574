import type { Approvals } from '../approvals/index.ts';
import { MANUAL_DEPOSIT_APPROVAL, type ManualDepositDecisions } from './manual-deposit-decisions.ts';
import { REFUND_DUE_RETURN, type RefundsDue } from './refunds-due.ts';

/** The funding module's kinds: a manual deposit past an admin's limits, and money sent back to its payer. */
export function registerFundingApprovals(
  approvals: Pick<Approvals, 'register'>,
  deps: {
    manualDeposits: Pick<ManualDepositDecisions, 'carryOut'>;
    refundsDue: Pick<RefundsDue, 'approvalKind'>;
  },
): void {
  approvals.register(MANUAL_DEPOSIT_APPROVAL, {
    carryOut: deps.manualDeposits.carryOut,
    subjectOf: () => ({ label: 'Manual deposit', href: '/admin/fundings' }),
  });
  approvals.register(REFUND_DUE_RETURN, deps.refundsDue.approvalKind);
}
