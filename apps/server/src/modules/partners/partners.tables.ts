import type { Kobo } from '@quickvend/shared/money';
import { bigint, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

/** Partner API keys: only a hash is kept; the key itself is shown once. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** addresses (CIDR blocks) the key may be used from; empty: any address */
    allowedIps: text('allowed_ips').array().notNull().default([]),
    /** `test` keys act for the owner's test account and buy from the simulators; `live` keys sell for real */
    mode: text('mode', { enum: ['live', 'test'] })
      .notNull()
      .default('live'),
    /** the most the key may spend in one Lagos calendar day; null: no limit */
    dailyLimitKobo: bigint('daily_limit_kobo', { mode: 'number' }).$type<Kobo>(),
    /** service ids the key may buy; empty: every service */
    allowedServices: text('allowed_services').array().notNull().default([]),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

/**
 * What each key has spent in each Lagos calendar day: raised in the transaction of a purchase's hold only while
 * it stays within the key's limit, and lowered in the transaction of its refund.
 */
export const apiKeyDailySpend = pgTable(
  'api_key_daily_spend',
  {
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id),
    day: date('day', { mode: 'string' }).notNull(),
    spentKobo: bigint('spent_kobo', { mode: 'number' })
      .$type<Kobo>()
      .notNull()
      .default(0 as Kobo),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);
