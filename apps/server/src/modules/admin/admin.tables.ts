import type { Kobo } from '@quickvend/shared/money';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Each reading of the provider's wallet balance (the float that serves customers' purchases). */
export const providerFloatChecks = pgTable(
  'provider_float_checks',
  {
    id: text('id').primaryKey(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    /** null when the provider could not be asked */
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).$type<Kobo>(),
    thresholdKobo: bigint('threshold_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    below: boolean('below').notNull(),
    /** set on the reading that crossed below the threshold, when the admins were emailed */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    error: text('error'),
    raw: jsonb('raw').$type<unknown>(),
  },
  (t) => [index('provider_float_checks_at_idx').on(t.checkedAt)],
);
