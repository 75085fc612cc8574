import { bigint, index, integer, json, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Kobo } from '@quickvend/shared/money';

export const simSaleStatuses = ['delivered', 'pending', 'failed', 'reversed'] as const;

/**
 * Sandbox only: the sales the VTpass simulator took, so every server process on this database answers a
 * requery of any of them the same way. Never written in live mode (no simulator is mounted there).
 */
export const sandboxVtpassSales = pgTable(
  'sandbox_vtpass_sales',
  {
    requestId: text('request_id').primaryKey(),
    serviceId: text('service_id').notNull(),
    variationCode: text('variation_code'),
    phone: text('phone').notNull(),
    uniqueElement: text('unique_element').notNull(),
    quantity: integer('quantity').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    commissionBps: integer('commission_bps').notNull(),
    commissionKobo: bigint('commission_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    transactionId: text('transaction_id').notNull(),
    productId: integer('product_id').generatedAlwaysAsIdentity({ startWith: 100 }).notNull(),
    status: text('status', { enum: simSaleStatuses }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** when a pending sale delivers by itself; null: only when resolved */
    resolveAt: timestamp('resolve_at', { withTimezone: true }),
    walletCreditId: integer('wallet_credit_id'),
    /** product extras of the sale once delivered (token, cards, PIN); json keeps VTpass's key order */
    extras: json('extras').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('sandbox_vtpass_sales_pending_idx')
      .on(t.requestId)
      .where(sql`status = 'pending'`),
  ],
);

/** Sandbox only: when each service and number last sold, for VTpass's 30-second duplicate rule. */
export const sandboxVtpassRecentTargets = pgTable('sandbox_vtpass_recent_targets', {
  targetKey: text('target_key').primaryKey(),
  lastSaleAt: timestamp('last_sale_at', { withTimezone: true }).notNull(),
});

/** Sandbox only: the merchant float at the simulated VTpass, one row. */
export const sandboxVtpassFloat = pgTable('sandbox_vtpass_float', {
  id: integer('id').primaryKey(),
  floatKobo: bigint('float_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
});

/** The wallet_credit_id a simulated reversal reports. */
export const sandboxVtpassWalletCreditIds = pgSequence('sandbox_vtpass_wallet_credit_ids', {
  startWith: 5_000_001,
});
