import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

/** Mail kept instead of sent when no SMTP server is configured (sandbox). */
export const sandboxMails = pgTable('sandbox_mails', {
  id: text('id').primaryKey(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text_body').notNull(),
  html: text('html_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Text messages kept instead of sent when no SMS provider is configured (sandbox). */
export const sandboxSms = pgTable('sandbox_sms', {
  id: text('id').primaryKey(),
  to: text('to_number').notNull(),
  text: text('text_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notificationCategories = ['purchases', 'funding', 'referrals', 'security'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** The customer's inbox: one notice per event (eventKey), whatever retries or replays happen. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    category: text('category', { enum: notificationCategories }).notNull(),
    /** what happened, stable per event, e.g. purchase:<id>:delivered */
    eventKey: text('event_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** where in the app the notice leads, e.g. the receipt */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_user_event_idx').on(t.userId, t.eventKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Which notices also go by email or SMS. Security notices always go by email. No row = the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  emailPurchases: boolean('email_purchases').notNull().default(true),
  emailFunding: boolean('email_funding').notNull().default(true),
  emailReferrals: boolean('email_referrals').notNull().default(true),
  /** electricity tokens and exam PINs by text message to the account's phone */
  smsCredentials: boolean('sms_credentials').notNull().default(false),
  /** each web purchase's outcome by text message (it carries the token or PINs too) */
  smsOutcomes: boolean('sms_outcomes').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
