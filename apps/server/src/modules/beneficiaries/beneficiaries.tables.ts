import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

export const beneficiaryKinds = ['phone', 'smartcard', 'meter', 'profile'] as const;
export type BeneficiaryKind = (typeof beneficiaryKinds)[number];

/** A number a customer buys for again: a phone, a smartcard, a meter or a profile id, with their own label. */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: beneficiaryKinds }).notNull(),
    /** the service last bought for it (a network, a TV, a DisCo, an exam body) */
    serviceId: text('service_id'),
    number: text('number').notNull(),
    label: text('label').notNull(),
    /** the name the provider verified for a smartcard or meter */
    customerName: text('customer_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('beneficiaries_user_number_idx').on(t.userId, t.kind, t.number),
    index('beneficiaries_user_used_idx').on(t.userId, t.lastUsedAt),
  ],
);
