import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail kept instead of sent when no SMTP server is configured (sandbox). */
export const sandboxMails = pgTable('sandbox_mails', {
  id: text('id').primaryKey(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text_body').notNull(),
  html: text('html_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
