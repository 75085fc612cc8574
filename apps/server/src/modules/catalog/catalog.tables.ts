import type { Kobo } from '@quickvend/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The provider's limits per service, refreshed from the provider. */
export const catalogServices = pgTable('catalog_services', {
  serviceId: text('service_id').primaryKey(),
  minimumKobo: bigint('minimum_kobo', { mode: 'number' }).$type<Kobo>(),
  maximumKobo: bigint('maximum_kobo', { mode: 'number' }).$type<Kobo>(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Plans and bouquets as the provider last listed them; a plan missing from the latest list is inactive. */
export const catalogVariations = pgTable(
  'catalog_variations',
  {
    serviceId: text('service_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    isFixedPrice: boolean('is_fixed_price').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.code] })],
);

/** A service's discount on the face value, in basis points, applied by the server to what the wallet pays. */
export const discountRules = pgTable(
  'discount_rules',
  {
    serviceId: text('service_id').primaryKey(),
    bps: integer('bps').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('discount_rules_bps_range', sql`${t.bps} between 0 and 10000`)],
);
