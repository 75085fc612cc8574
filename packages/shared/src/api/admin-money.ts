import { z } from 'zod';

import { koboSchema } from './kobo.ts';
import { manualFundingRequest } from './funding.ts';

const nairaAmount = z.union([z.string(), z.number()], { error: 'Enter an amount.' });

/** The provider's float beside what customers' wallets hold, as the admin home and the frame's banner read it. */
export const adminFloatResponse = z.object({
  /** the last balance the provider gave; null until it has answered once */
  balanceKobo: koboSchema.nullable(),
  balance: z.string().nullable(),
  /** when that balance was read */
  checkedAt: z.string().nullable(),
  /** why the latest check failed, when it did (the balance above is then older) */
  error: z.string().nullable(),
  thresholdKobo: koboSchema,
  threshold: z.string(),
  /** the balance is under the low-balance threshold */
  below: z.boolean(),
  /** every wallet's balance, summed: what customers can still spend */
  liabilitiesKobo: koboSchema,
  liabilities: z.string(),
  /** the float could serve every wallet at once; null until the provider has answered */
  coversLiabilities: z.boolean().nullable(),
});
export type AdminFloat = z.infer<typeof adminFloatResponse>;

/** `closed`: ended by the system because it no longer applies (the note says why) */
export const approvalStatus = z.enum(['pending', 'approved', 'rejected', 'cancelled', 'closed']);
export type ApprovalStatus = z.infer<typeof approvalStatus>;

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const approvalRequest = z.object({
  id: z.string(),
  /** `wallet.adjustment`, `manual_deposit.approve`, `purchase.deliver`, … */
  kind: z.string(),
  targetId: z.string(),
  /** the customer the request concerns, when there is one */
  customer: person.nullable(),
  /** what the request is about, in words, and where the back office shows it */
  subject: z.object({ label: z.string(), href: z.string() }).nullable(),
  amountKobo: koboSchema.nullable(),
  amount: z.string().nullable(),
  /** what the maker asked for, by kind (e.g. `direction` of an adjustment) */
  payload: z.record(z.string(), z.unknown()),
  reason: z.string(),
  status: approvalStatus,
  requestedBy: person,
  requestedAt: z.string(),
  decidedBy: person.nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  /** the signed-in admin made it: they may cancel it, never approve or reject it */
  isMine: z.boolean(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

export const approvalsQuery = z.object({
  /** `decided`: approved, rejected and cancelled together */
  status: z.enum(['pending', 'decided']).default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** only those about this user, manual request or purchase */
  targetId: z.string().min(1).max(64).optional(),
});

export const approvalsResponse = z.object({ approvals: z.array(approvalRequest) });
export type ApprovalsResponse = z.infer<typeof approvalsResponse>;
export const approvalResponse = z.object({ approval: approvalRequest });
export type ApprovalResponse = z.infer<typeof approvalResponse>;

export const approveBody = z.object({ note: z.string().trim().max(500).optional() });
export const rejectBody = z.object({
  note: z
    .string({ error: 'Say why you are rejecting it.' })
    .trim()
    .min(3, 'Say why you are rejecting it.')
    .max(500),
});

export const settingKey = z.enum([
  'approvals.thresholdKobo',
  'approvals.dailyLimitKobo',
  'float.lowBalanceKobo',
  'referrals.rewardKobo',
  'funding.manualChargeKobo',
  'funding.minimumKobo',
]);
export type SettingKey = z.infer<typeof settingKey>;

/** The approval kind of a change to a money setting: a second admin approves every one. */
export const SETTING_CHANGE = 'setting.change';

export const adminSetting = z.object({
  key: settingKey,
  valueKobo: koboSchema,
  value: z.string(),
  /** the bounds a new value must keep to, whoever approves it */
  minKobo: koboSchema,
  maxKobo: koboSchema,
  updatedAt: z.string().nullable(),
  /** who asked for the value now in force, and the second admin who approved it */
  updatedBy: person.nullable(),
  approvedBy: person.nullable(),
  /** the change waiting for a second admin, if any (there is at most one per setting) */
  pending: z.object({ valueKobo: koboSchema, value: z.string(), approval: approvalRequest }).nullable(),
});
export type AdminSetting = z.infer<typeof adminSetting>;

export const settingsResponse = z.object({ settings: z.array(adminSetting) });
export type SettingsResponse = z.infer<typeof settingsResponse>;
/** A change asked for: it waits for a second admin (answered 202). */
export const settingChangeResponse = z.object({
  status: z.literal('awaiting_approval'),
  setting: adminSetting,
  approval: approvalRequest,
});
export type SettingChangeResponse = z.infer<typeof settingChangeResponse>;
export const updateSettingBody = z.object({
  amount: nairaAmount,
  reason: z
    .string({ error: 'Say why this setting should change.' })
    .trim()
    .min(3, 'Say why this setting should change.')
    .max(500),
});
export type UpdateSettingBody = z.input<typeof updateSettingBody>;

export const adjustmentDirection = z.enum(['credit', 'debit']);
export type AdjustmentDirection = z.infer<typeof adjustmentDirection>;

export const walletAdjustmentBody = z.object({
  direction: adjustmentDirection,
  amount: nairaAmount,
  reason: z
    .string({ error: 'Say why you are changing this wallet.' })
    .trim()
    .min(3, 'Say why you are changing this wallet.')
    .max(500),
});
export type WalletAdjustmentBody = z.input<typeof walletAdjustmentBody>;

export const walletAdjustmentResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('applied'),
    adjustment: z.object({
      id: z.string(),
      direction: adjustmentDirection,
      amountKobo: koboSchema,
      amount: z.string(),
      balanceBeforeKobo: koboSchema,
      balanceAfterKobo: koboSchema,
      balanceAfter: z.string(),
    }),
  }),
  /** it would take the admin past a limit: a second admin must approve it on the approvals page */
  z.object({
    status: z.literal('awaiting_approval'),
    approval: approvalRequest,
    /** which limit, and the admin's running total, in words */
    why: z.string(),
  }),
]);
export type WalletAdjustmentResponse = z.infer<typeof walletAdjustmentResponse>;

/** A manual deposit approved at once (`approvalId` null), or sent to a second admin (it stays pending). */
export const approveManualDepositResponse = z.object({
  request: manualFundingRequest,
  approvalId: z.string().nullable(),
});
export type ApproveManualDepositResponse = z.infer<typeof approveManualDepositResponse>;
