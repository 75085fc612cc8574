import type {
  AdminFloat,
  AdminSetting,
  ApprovalRequest,
  SettingKey,
} from '@quickvend/shared/api/admin-money';
import { toNairaString } from '@quickvend/shared/money';
import type { Wire } from './wire.ts';

const ada = { id: 'usr_ada', name: 'Ada Admin', email: 'ada@example.com' };
const bola = { id: 'usr_bola', name: 'Bola Admin', email: 'bola@example.com' };
export const approvalAdmins = { ada, bola };

/** A credit of ₦60,000 that Ada asked for, waiting for a second admin (not the reader's own). */
export function anApproval(overrides: Partial<Wire<ApprovalRequest>> = {}): Wire<ApprovalRequest> {
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

const settingBounds: Record<SettingKey, [valueKobo: number, minKobo: number, maxKobo: number]> = {
  'approvals.thresholdKobo': [5_000_000, 0, 100_000_000],
  'approvals.dailyLimitKobo': [20_000_000, 0, 500_000_000],
  'float.lowBalanceKobo': [10_000_000, 0, 10_000_000_000],
  'referrals.rewardKobo': [5_000, 0, 500_000],
  'funding.manualChargeKobo': [5_000, 0, 100_000],
  'funding.minimumKobo': [10_000, 100, 10_000_000],
};

/** A money setting at its default, never changed, nothing waiting, unless given. */
export function aSetting(key: SettingKey, overrides: Partial<Wire<AdminSetting>> = {}): Wire<AdminSetting> {
  const [defaultKobo, minKobo, maxKobo] = settingBounds[key];
  const valueKobo = overrides.valueKobo ?? defaultKobo;
  return {
    key,
    minKobo,
    maxKobo,
    updatedAt: null,
    updatedBy: null,
    approvedBy: null,
    pending: null,
    ...overrides,
    valueKobo,
    value: toNairaString(valueKobo),
  };
}

/** A change to a money setting that Ada asked for, waiting for a second admin (not the reader's own). */
export function aSettingChange(
  key: SettingKey,
  beforeKobo: number,
  valueKobo: number,
  overrides: Partial<Wire<ApprovalRequest>> = {},
): Wire<ApprovalRequest> {
  return anApproval({
    id: 'apr_01JQ00000000000000000000SC',
    kind: 'setting.change',
    targetId: key,
    customer: null,
    subject: { label: 'Money settings', href: '/admin/settings' },
    payload: { key, valueKobo, beforeKobo },
    amountKobo: null,
    reason: 'Busier season',
    ...overrides,
  });
}

/** Every money setting, the approval threshold and the float warning level as given. */
export function someSettings(
  approvalKobo = 5_000_000,
  floatKobo = 10_000_000,
): { settings: Wire<AdminSetting>[] } {
  return {
    settings: (Object.keys(settingBounds) as SettingKey[]).map((key) =>
      aSetting(key, {
        ...(key === 'approvals.thresholdKobo' && { valueKobo: approvalKobo }),
        ...(key === 'float.lowBalanceKobo' && { valueKobo: floatKobo }),
      }),
    ),
  };
}

/** The float as the server reports it: ₦500,000 against a ₦100,000 warning level unless given. */
export function aFloat(
  balanceKobo: number | null = 50_000_000,
  thresholdKobo = 10_000_000,
): Wire<AdminFloat> {
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
