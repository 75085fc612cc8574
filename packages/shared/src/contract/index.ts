import { adminApprovals } from './admin-approvals.ts';
import { adminAudit } from './admin-audit.ts';
import { adminFunding } from './admin-funding.ts';
import { adminMoney } from './admin-money.ts';
import { adminPrices } from './admin-prices.ts';
import { adminPurchases } from './admin-purchases.ts';
import { adminReconciliation } from './admin-reconciliation.ts';
import { adminReports } from './admin-reports.ts';
import { adminRouting } from './admin-routing.ts';
import { adminSettings } from './admin-settings.ts';
import { adminUsers } from './admin-users.ts';
import { auth } from './auth.ts';
import { beneficiaries } from './beneficiaries.ts';
import { catalog } from './catalog.ts';
import type { RouteDefinition } from './define.ts';
import { disputes } from './disputes.ts';
import { funding } from './funding.ts';
import { notifications } from './notifications.ts';
import { partners, testBalance } from './partners.ts';
import { pin } from './pin.ts';
import { profile } from './profile.ts';
import { purchases } from './purchases.ts';
import { referrals } from './referrals.ts';
import { system } from './system.ts';
import { wallet } from './wallet.ts';
import { webhooks } from './webhooks.ts';

/**
 * Every route of /api/v1, by area. The server and the tests read the whole map; a web page imports only its
 * area's file (`@quickvend/shared/contract/purchases`), so it loads only the schemas it calls.
 */
export const contract = {
  system,
  auth,
  profile,
  pin,
  partners,
  testBalance,
  catalog,
  purchases,
  disputes,
  wallet,
  funding,
  beneficiaries,
  notifications,
  referrals,
  webhooks,
  adminUsers,
  adminMoney,
  adminApprovals,
  adminPurchases,
  adminFunding,
  adminPrices,
  adminReconciliation,
  adminReports,
  adminRouting,
  adminSettings,
  adminAudit,
} as const;

/** Each route of the map once, with the name it has there (`purchases.create`). */
export function allRoutes(): { name: string; route: RouteDefinition }[] {
  return Object.entries(contract).flatMap(([area, routes]) =>
    Object.entries(routes).map(([key, route]: [string, RouteDefinition]) => ({
      name: `${area}.${key}`,
      route,
    })),
  );
}
