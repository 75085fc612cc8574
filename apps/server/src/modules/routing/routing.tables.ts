import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { BILLS_PROVIDERS } from '@quickvend/shared/providers';

export const routeRoles = ['primary', 'fallback', 'off'] as const;
export type RouteRole = (typeof routeRoles)[number];

/**
 * What each aggregator is for one service, as the back office set it: the one purchases go to first, the one
 * they move to after a definite failure there, or neither. A service without rows uses the defaults.
 */
export const serviceRoutes = pgTable(
  'service_routes',
  {
    serviceId: text('service_id').notNull(),
    provider: text('provider', { enum: BILLS_PROVIDERS }).notNull(),
    role: text('role', { enum: routeRoles }).notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.provider] })],
);
