import {
  SETTING_CHANGE,
  settingKey,
  type ApprovalRequest,
  type SettingKey,
} from '@quickvend/shared/api/admin-money';

/** Each money setting as an operator reads it. */
export const settingLabels: Record<SettingKey, { title: string; hint: string }> = {
  'approvals.thresholdKobo': {
    title: 'Second admin needed above',
    hint: 'What one admin may credit or debit one customer on their own word over any 24 hours, and the largest manual deposit they may approve alone. Past it, another admin approves.',
  },
  'approvals.dailyLimitKobo': {
    title: "One admin's limit in 24 hours",
    hint: 'What one admin may credit and debit on their own word over any 24 hours, every customer together. Past it, a second admin approves.',
  },
  'float.lowBalanceKobo': {
    title: 'Warn when the VTpass float falls below',
    hint: 'Admins are emailed once each time the float drops below this, and the back office shows a banner.',
  },
  'referrals.rewardKobo': {
    title: 'Referral reward',
    hint: 'Paid to a customer once, when someone who signed up with their link funds a wallet for the first time.',
  },
  'funding.manualChargeKobo': {
    title: 'Manual deposit charge',
    hint: 'Kept from every manual deposit a customer declares; they are credited the rest once an admin confirms it.',
  },
  'funding.minimumKobo': {
    title: 'Smallest funding',
    hint: 'The least a customer may pay by card or declare as a manual deposit.',
  },
};

/** A money-setting change, as the approvals list shows it: which setting, from what to what. */
export function settingChangeOf(
  approval: Pick<ApprovalRequest, 'kind' | 'payload'>,
): { key: SettingKey; title: string; beforeKobo: number; valueKobo: number } | null {
  if (approval.kind !== SETTING_CHANGE) return null;
  const key = settingKey.safeParse(approval.payload['key']);
  const { beforeKobo, valueKobo } = approval.payload;
  if (!key.success || typeof beforeKobo !== 'number' || typeof valueKobo !== 'number') return null;
  return { key: key.data, title: settingLabels[key.data].title, beforeKobo, valueKobo };
}
