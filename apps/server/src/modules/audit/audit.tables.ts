import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every admin and operator action: who, when, what, on what, before and after, why, from where. Append-only:
 * the database refuses UPDATE, DELETE and TRUNCATE (migration 0008), as it does for the ledger.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** the admin's user id; null for the operator CLI */
    actorId: text('actor_id'),
    /** how the actor is shown: the admin's email, or `cli:<os user>` */
    actorLabel: text('actor_label').notNull(),
    /** dotted verb, e.g. `user.suspend`, `wallet.credit`, `purchase.requery` */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);
