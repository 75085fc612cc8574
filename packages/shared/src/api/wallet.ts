import { z } from 'zod';

export const walletBreakdown = z.object({
  /** card payments and bank transfers */
  fundedKobo: z.number().int(),
  /** purchases, net of refunds */
  usedKobo: z.number().int(),
  /** manual deposits approved by an admin and admin adjustments, net */
  fromAdminKobo: z.number().int(),
  referralKobo: z.number().int(),
  totalKobo: z.number().int(),
});
export type WalletBreakdown = z.infer<typeof walletBreakdown>;

export const walletResponse = z.object({
  balanceKobo: z.number().int(),
  balance: z.string(),
  currency: z.literal('NGN'),
  breakdown: walletBreakdown,
});
export type WalletResponse = z.infer<typeof walletResponse>;

export const statementLine = z.object({
  id: z.number().int(),
  kind: z.string(),
  reference: z.string(),
  memo: z.string(),
  inKobo: z.number().int(),
  outKobo: z.number().int(),
  balanceAfterKobo: z.number().int(),
  createdAt: z.string(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.coerce.number().int().positive().optional(),
});

export const statementResponse = z.object({
  lines: z.array(statementLine),
  nextCursor: z.number().int().nullable(),
});
export type StatementResponse = z.infer<typeof statementResponse>;

/** Sent on the wallet event stream (`event: balance`) whenever the balance changes. */
export const balanceEvent = z.object({ balanceKobo: z.number().int(), balance: z.string() });
export type BalanceEvent = z.infer<typeof balanceEvent>;
