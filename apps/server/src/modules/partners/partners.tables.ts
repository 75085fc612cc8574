import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);
