import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The outbox of domain events: a change records its event in its own transaction, so a process that dies
 * between the commit and the publish leaves the event here, unpublished, for the next sweep. `published_at` is set
 * once every durable subscriber has its job; a replay of a published event is then a no-op.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_unpublished_idx')
      .on(t.occurredAt)
      .where(sql`published_at is null`),
  ],
);
