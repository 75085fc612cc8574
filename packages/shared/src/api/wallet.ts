import { z } from 'zod';

import { koboSchema } from './kobo.ts';

export const walletBreakdown = z.object({
  /** card payments and bank transfers */
  fundedKobo: koboSchema,
  /** purchases, net of refunds */
  usedKobo: koboSchema,
  /** manual deposits approved by an admin and admin adjustments, net */
  fromAdminKobo: koboSchema,
  referralKobo: koboSchema,
  totalKobo: koboSchema,
});
export type WalletBreakdown = z.infer<typeof walletBreakdown>;

export const walletResponse = z.object({
  balanceKobo: koboSchema,
  balance: z.string(),
  currency: z.literal('NGN'),
  breakdown: walletBreakdown,
});
export type WalletResponse = z.infer<typeof walletResponse>;

/** A wallet line as its owner reads it: in words, never an internal id or reference. */
export const statementLine = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** `MTN 1GB to 0803 123 4567`, `Refund: …`, `Card payment`, `Manual deposit (GTBank)`, `Referral reward: Ada` */
  description: z.string(),
  /** the page that shows what the line was (a receipt, the payment history, the referrals), or null */
  link: z.string().nullable(),
  inKobo: koboSchema,
  outKobo: koboSchema,
  balanceAfterKobo: koboSchema,
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

/**
 * A wallet line as the ledger holds it, its reference and memo as they were posted: the statement in the
 * customer's data export, which carries every internal id of theirs anyway.
 */
export const ledgerStatementLine = z.object({
  id: z.number().int(),
  kind: z.string(),
  reference: z.string(),
  memo: z.string(),
  inKobo: koboSchema,
  outKobo: koboSchema,
  balanceAfterKobo: koboSchema,
  createdAt: z.string(),
});
export type LedgerStatementLine = z.infer<typeof ledgerStatementLine>;

/** The back office's line: the same words, links to the back office's pages, and what the ledger holds. */
export const adminStatementLine = statementLine.extend({
  /** the ledger entry's reference */
  reference: z.string(),
  /** why, in the admin's own words, for an adjustment or a reversal; null for anything else */
  note: z.string().nullable(),
});
export type AdminStatementLine = z.infer<typeof adminStatementLine>;

export const adminStatementResponse = z.object({
  lines: z.array(adminStatementLine),
  nextCursor: z.number().int().nullable(),
});
export type AdminStatementResponse = z.infer<typeof adminStatementResponse>;

/** Sent on the wallet event stream (`event: balance`) whenever the balance changes. */
export const balanceEvent = z.object({ balanceKobo: koboSchema, balance: z.string() });
export type BalanceEvent = z.infer<typeof balanceEvent>;
