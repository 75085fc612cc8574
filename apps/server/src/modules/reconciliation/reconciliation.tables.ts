import type { Kobo } from '@quickvend/shared/money';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const providerLossStatuses = ['open', 'recovered', 'written_off'] as const;
export type ProviderLossStatus = (typeof providerLossStatuses)[number];

/**
 * A purchase we refunded that the provider then says it delivered: the provider's float paid for it and the
 * customer has their money back. Flagged once per purchase; an operator recovers it from the customer (with a
 * second admin) or writes it off as an expense, so the books show the loss.
 */
export const providerLosses = pgTable(
  'provider_losses',
  {
    id: text('id').primaryKey(),
    purchaseId: text('purchase_id').notNull().unique(),
    userId: text('user_id').notNull(),
    /** what we refunded the customer */
    refundedKobo: bigint('refunded_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    /** what the provider says it took from the float (its `total_amount`), else our recorded cost */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    /** how we learnt it: `callback`, `requery`, `reconciliation` */
    detectedBy: text('detected_by').notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: providerLossStatuses }).notNull().default('open'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionEntryId: text('resolution_entry_id'),
    note: text('note'),
    raw: jsonb('raw').$type<unknown>(),
  },
  (t) => [index('provider_losses_status_idx').on(t.status, t.detectedAt)],
);

/** One day's comparison of our purchases with the provider's word on each and with the float's movement. */
export const providerReconciliations = pgTable('provider_reconciliations', {
  id: text('id').primaryKey(),
  /** the day in Lagos, `yyyy-MM-dd`: run again, it replaces the day's result */
  day: text('day').notNull().unique(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  /** the admin who asked for it; null for the daily job and the command line */
  ranBy: text('ran_by'),
  /** `balanced`, or `differences` when anything below needs a look */
  status: text('status').notNull(),
  /** counts and sums of ours and the provider's, and the float's movement */
  totals: jsonb('totals').$type<Record<string, unknown>>().notNull(),
  differences: jsonb('differences').$type<Record<string, unknown>[]>().notNull(),
});

export type ProviderLossRow = typeof providerLosses.$inferSelect;
