import { kobo, type Kobo } from '@quickvend/shared/money';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull().unique(),
    ownerUserId: text('owner_user_id')
      .unique()
      .references(() => users.id),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).$type<Kobo>().notNull().default(kobo(0)),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ledger_accounts_balance_non_negative', sql`${t.allowNegative} OR ${t.balanceKobo} >= 0`)],
);

// Append-only: a trigger refuses UPDATE and DELETE on entries and lines (see the migration).
export const ledgerEntries = pgTable('ledger_entries', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  kind: text('kind').notNull(),
  memo: text('memo').notNull(),
  actorId: text('actor_id'),
  reversesEntryId: text('reverses_entry_id'),
  /** what was posted (kind and lines): a reference reused for other postings is refused, never answered */
  inputHash: text('input_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    entryId: text('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    balanceAfterKobo: bigint('balance_after_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // every purchase writes five lines, so each index here is five more entries per purchase: the key finds an
  // entry's lines, the other index an account's, newest first
  (t) => [
    primaryKey({ columns: [t.entryId, t.id] }),
    index('ledger_lines_account_idx').on(t.accountId, t.id),
    check('ledger_lines_amount_not_zero', sql`${t.amountKobo} <> 0`),
  ],
);

export const walletAdjustments = pgTable(
  'wallet_adjustments',
  {
    id: text('id').primaryKey(),
    entryId: text('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    actor: text('actor').notNull(),
    direction: text('direction', { enum: ['credit', 'debit'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    balanceBeforeKobo: bigint('balance_before_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    balanceAfterKobo: bigint('balance_after_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    reason: text('reason').notNull(),
    /** the admin who made it (null at the command line) */
    actorId: text('actor_id'),
    /** the approval a second admin gave it; null when it was made on one admin's word */
    approvalId: text('approval_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // an admin's running total over the last 24 hours is read by actor and time
  (t) => [index('wallet_adjustments_actor_idx').on(t.actorId, t.createdAt)],
);
