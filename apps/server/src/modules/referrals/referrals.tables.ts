import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Kobo } from '@quickvend/shared/money';
import { users } from '../auth/auth.tables.ts';

/** Each customer's public referral code (never their internal id), made the first time they ask for it. */
export const referralCodes = pgTable('referral_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  code: text('code').notNull().unique(),
  /** rewards granted after this moment are news to the referrer */
  rewardsSeenAt: timestamp('rewards_seen_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who brought whom: one row per referred account, rewarded once, on that account's first funding. */
export const referrals = pgTable(
  'referrals',
  {
    referredUserId: text('referred_user_id')
      .primaryKey()
      .references(() => users.id),
    referrerUserId: text('referrer_user_id')
      .notNull()
      .references(() => users.id),
    /** declined: the two accounts look like one person's (a shared browser, card or bank account) */
    status: text('status', { enum: ['pending', 'success', 'declined'] })
      .notNull()
      .default('pending'),
    rewardKobo: bigint('reward_kobo', { mode: 'number' }).$type<Kobo>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    /** why no reward was paid: shared-device, shared-card or shared-payer-account */
    declinedReason: text('declined_reason'),
  },
  (table) => [
    index('referrals_referrer_idx').on(table.referrerUserId, table.createdAt),
    check('referrals_not_self', sql`${table.referrerUserId} <> ${table.referredUserId}`),
    check('referrals_status', sql`${table.status} in ('pending', 'success', 'declined')`),
  ],
);
