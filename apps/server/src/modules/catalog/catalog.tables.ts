import type { Kobo } from '@quickvend/shared/money';
import { PRICE_CHANNELS } from '@quickvend/shared/pricing';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The provider's limits per service, refreshed from the provider. */
export const catalogServices = pgTable('catalog_services', {
  serviceId: text('service_id').primaryKey(),
  minimumKobo: bigint('minimum_kobo', { mode: 'number' }).$type<Kobo>(),
  maximumKobo: bigint('maximum_kobo', { mode: 'number' }).$type<Kobo>(),
  /** the provider's commission on the service, when its catalogue gives one (commission-rates.ts otherwise) */
  commissionBps: integer('commission_bps'),
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

/**
 * What a service (or one of its plans) sells for, per channel. `bps` is a markup (positive) or discount
 * (negative) on the face value; `fixed_price_kobo` a set price. The most specific rule wins: variation over
 * service. A rule that sells below cost is refused unless `allow_loss` says so.
 */
export const priceRules = pgTable(
  'price_rules',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id').notNull(),
    /** empty for the service-wide rule */
    variationCode: text('variation_code').notNull().default(''),
    channel: text('channel', { enum: PRICE_CHANNELS }).notNull(),
    mode: text('mode', { enum: ['bps', 'fixed'] }).notNull(),
    bps: integer('bps'),
    fixedPriceKobo: bigint('fixed_price_kobo', { mode: 'number' }).$type<Kobo>(),
    allowLoss: boolean('allow_loss').notNull().default(false),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_rules_target_idx').on(t.serviceId, t.variationCode, t.channel),
    check(
      'price_rules_shape',
      sql`(${t.mode} = 'bps' and ${t.bps} between -10000 and 100000 and ${t.fixedPriceKobo} is null) or (${t.mode} = 'fixed' and ${t.fixedPriceKobo} > 0 and ${t.bps} is null)`,
    ),
  ],
);
