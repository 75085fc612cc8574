import type { Kobo } from '@quickvend/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const paymentStatuses = ['pending', 'success', 'failed', 'abandoned', 'review'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Card payments we initialised and transfers into dedicated accounts, one row per gateway reference. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    reference: text('reference').notNull().unique(),
    channel: text('channel').notNull(),
    email: text('email').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    feesKobo: bigint('fees_kobo', { mode: 'number' }).$type<Kobo>(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    gatewayResponse: text('gateway_response'),
    senderName: text('sender_name'),
    /**
     * Who paid, as the gateway names them without their details: `card:<Paystack card signature>` or
     * `bank:<bank code>:<account number>` for a transfer. Two accounts paid from one card or bank account
     * are treated as one person's where that matters (referral rewards).
     */
    payerFingerprint: text('payer_fingerprint'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** when the scheduled check last asked the gateway about this pending card payment (or took it to ask) */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt,
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_payer_idx').on(t.payerFingerprint),
    index('payments_open_card_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending' and channel = 'card'`),
  ],
);

export const dedicatedAccounts = pgTable('dedicated_accounts', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  customerCode: text('customer_code').notNull(),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number').notNull().unique(),
  accountName: text('account_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** set when the owner's account closed: a transfer to it is then parked as a refund due, never credited */
  closedAt: timestamp('closed_at', { withTimezone: true }),
});

export const manualRequestStatuses = ['pending', 'approved', 'rejected'] as const;

export const manualFundingRequests = pgTable(
  'manual_funding_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    depositorName: text('depositor_name').notNull(),
    bankName: text('bank_name').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    chargeKobo: bigint('charge_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    status: text('status', { enum: manualRequestStatuses }).notNull().default('pending'),
    reason: text('reason'),
    decidedBy: text('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('manual_funding_status_idx').on(t.status, t.createdAt),
    index('manual_funding_user_idx').on(t.userId),
  ],
);

/** Every webhook delivery we accepted, once per event key; processed by a job. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  eventKey: text('event_key').notNull().unique(),
  event: text('event').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
});

export const refundDueStatuses = ['open', 'returned'] as const;
export type RefundDueStatus = (typeof refundDueStatuses)[number];

/**
 * Money that arrived for an account after it closed (a card payment started before, a transfer to its old
 * account number, a deposit approved after): never credited to the closed wallet, held in `payable:refunds-due`
 * until an admin records that it was sent back to the payer.
 */
export const refundsDue = pgTable(
  'refunds_due',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** what brought the money: `card`, `transfer` or `manual_deposit` */
    source: text('source').notNull(),
    /** the payment's reference or the manual request's id: parked once */
    reference: text('reference').notNull().unique(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    /** who paid, as the gateway or the deposit told us (name, email, bank, account number) */
    payer: jsonb('payer').$type<Record<string, string | null>>().notNull(),
    status: text('status', { enum: refundDueStatuses }).notNull().default('open'),
    entryId: text('entry_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnedBy: text('returned_by'),
    returnEntryId: text('return_entry_id'),
    note: text('note'),
  },
  (t) => [index('refunds_due_status_idx').on(t.status, t.createdAt)],
);
