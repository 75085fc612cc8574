import type { AdminFloat, AdminSetting, ApprovalRequest } from '@quickvend/shared/api/admin-money';
import { toNairaString } from '@quickvend/shared/money';

const ada = { id: 'usr_ada', name: 'Ada Admin', email: 'ada@example.com' };
const bola = { id: 'usr_bola', name: 'Bola Admin', email: 'bola@example.com' };
export const approvalAdmins = { ada, bola };

/** A credit of ₦60,000 that Ada asked for, waiting for a second admin (not the reader's own). */
export function anApproval(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  const amountKobo = overrides.amountKobo === undefined ? 6_000_000 : overrides.amountKobo;
  return {
    id: 'apr_01JQ00000000000000000000AA',
    kind: 'wallet.adjustment',
    targetId: 'usr_kemi',
    customer: { id: 'usr_kemi', name: 'Kemi Ade', email: 'kemi@example.com' },
    subject: { label: 'Kemi Ade', href: '/edit-user/usr_kemi' },
    payload: { userId: 'usr_kemi', direction: 'credit' },
    reason: 'Transfer without a reference',
    status: 'pending',
    requestedBy: ada,
    requestedAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    result: null,
    isMine: false,
    ...overrides,
    amountKobo,
    amount: amountKobo === null ? null : toNairaString(amountKobo),
  };
}

export function someSettings(approvalKobo = 5_000_000, floatKobo = 10_000_000): { settings: AdminSetting[] } {
  return {
    settings: [
      {
        key: 'approvals.thresholdKobo',
        valueKobo: approvalKobo,
        value: toNairaString(approvalKobo),
        updatedAt: null,
        updatedBy: null,
      },
      {
        key: 'float.lowBalanceKobo',
        valueKobo: floatKobo,
        value: toNairaString(floatKobo),
        updatedAt: null,
        updatedBy: null,
      },
    ],
  };
}

/** The float as the server reports it: ₦500,000 against a ₦100,000 warning level unless given. */
export function aFloat(balanceKobo: number | null = 50_000_000, thresholdKobo = 10_000_000): AdminFloat {
  const liabilitiesKobo = 12_345_600;
  return {
    balanceKobo,
    balance: balanceKobo === null ? null : toNairaString(balanceKobo),
    checkedAt: balanceKobo === null ? null : '2025-03-12T09:00:00.000Z',
    error: null,
    thresholdKobo,
    threshold: toNairaString(thresholdKobo),
    below: balanceKobo !== null && balanceKobo < thresholdKobo,
    liabilitiesKobo,
    liabilities: toNairaString(liabilitiesKobo),
    coversLiabilities: balanceKobo === null ? null : balanceKobo >= liabilitiesKobo,
  };
}
