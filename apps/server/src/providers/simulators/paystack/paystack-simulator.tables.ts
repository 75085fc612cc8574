import { bigint, index, integer, json, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Kobo } from '@quickvend/shared/money';

// Sandbox only: the Paystack simulator's customers, dedicated accounts and transactions, so every server
// process on this database answers a verify of any of them the same way. Never written in live mode.

export const sandboxPaystackCustomers = pgTable('sandbox_paystack_customers', {
  id: integer('id').generatedAlwaysAsIdentity({ startWith: 1_000_001 }).primaryKey(),
  code: text('code').notNull().unique(),
  /** lower case */
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  metadata: json('metadata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const sandboxPaystackAccounts = pgTable('sandbox_paystack_accounts', {
  id: integer('id').generatedAlwaysAsIdentity({ startWith: 1_000_001 }).primaryKey(),
  accountNumber: text('account_number').notNull().unique(),
  accountName: text('account_name').notNull(),
  customerCode: text('customer_code')
    .notNull()
    .unique()
    .references(() => sandboxPaystackCustomers.code),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const simTransactionStatuses = ['abandoned', 'success', 'failed'] as const;
export const simTransactionChannels = ['card', 'dedicated_nuban'] as const;

export const sandboxPaystackTransactions = pgTable(
  'sandbox_paystack_transactions',
  {
    id: integer('id').generatedAlwaysAsIdentity({ startWith: 1_000_001 }).primaryKey(),
    reference: text('reference').notNull().unique(),
    accessCode: text('access_code').notNull().unique(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    callbackUrl: text('callback_url'),
    /** json keeps the key order the app sent */
    metadata: json('metadata'),
    status: text('status', { enum: simTransactionStatuses }).notNull(),
    channel: text('channel', { enum: simTransactionChannels }).notNull(),
    gatewayResponse: text('gateway_response').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    feesKobo: bigint('fees_kobo', { mode: 'number' }).$type<Kobo>(),
    customerCode: text('customer_code')
      .notNull()
      .references(() => sandboxPaystackCustomers.code),
    authorization: json('authorization').$type<Record<string, unknown>>().notNull(),
    /** the test card whose PIN the checkout is asking for */
    cardAwaitingPin: text('card_awaiting_pin'),
  },
  (t) => [index('sandbox_paystack_transactions_customer_idx').on(t.customerCode)],
);
