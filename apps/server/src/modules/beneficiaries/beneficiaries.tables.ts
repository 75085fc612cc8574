import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

export const beneficiaryKinds = ['phone', 'smartcard', 'meter', 'profile'] as const;
export type BeneficiaryKind = (typeof beneficiaryKinds)[number];
export const beneficiaryMeterTypes = ['prepaid', 'postpaid'] as const;

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
    /** a meter's type, once known (meters saved before it was kept have none) */
    meterType: text('meter_type', { enum: beneficiaryMeterTypes }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('beneficiaries_user_number_idx').on(t.userId, t.kind, t.number),
    index('beneficiaries_user_used_idx').on(t.userId, t.lastUsedAt),
    check(
      'beneficiaries_meter_type_of_meter',
      sql`${t.meterType} is null or (${t.kind} = 'meter' and ${t.meterType} in ('prepaid', 'postpaid'))`,
    ),
  ],
);
