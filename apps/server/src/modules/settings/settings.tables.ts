import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Settings an admin changes from the back office (thresholds), each a JSON value under its key. */
export const backOfficeSettings = pgTable('back_office_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
