import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

export type StoredAttempt = {
  at: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  body: string;
};

/** A partner's webhook endpoint, one per key mode. The signing secrets are kept encrypted (webhook-secrets.ts). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    mode: text('mode', { enum: ['live', 'test'] }).notNull(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    /** the secret before the last rotation, which signs alongside until `previous_secret_until` */
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason', { enum: ['manual', 'gone'] }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mode] })],
);

/** One webhook message per domain event and endpoint mode; its attempts are kept on it. */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    mode: text('mode', { enum: ['live', 'test'] }).notNull(),
    /** the domain event it came from: a replayed event makes no second message */
    eventId: text('event_id').notNull().unique(),
    type: text('type').notNull(),
    /** messages of one purchase go in the order they were made */
    purchaseId: text('purchase_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    /** the place in the retry schedule (a resend starts it again) */
    retries: integer('retries').notNull().default(0),
    attempts: jsonb('attempts')
      .$type<StoredAttempt[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** an attempt in flight holds the message until then */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webhook_messages_user_idx').on(t.userId, t.id),
    index('webhook_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('webhook_messages_purchase_idx')
      .on(t.purchaseId, t.id)
      .where(sql`purchase_id is not null`),
  ],
);
