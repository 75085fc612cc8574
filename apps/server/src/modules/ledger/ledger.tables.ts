import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull().unique(),
    ownerUserId: text('owner_user_id')
      .unique()
      .references(() => users.id),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).notNull().default(0),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ledger_accounts_balance_non_negative', sql`${t.allowNegative} OR ${t.balanceKobo} >= 0`)],
);
