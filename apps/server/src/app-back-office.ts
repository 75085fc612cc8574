import type { FastifyInstance } from 'fastify';
import type { Container } from './container.ts';
import {
  registerAdjustmentRoutes,
  registerAdminRoutes,
  registerFloatRoutes,
  registerUserAdminRoutes,
} from './modules/admin/index.ts';
import { registerApprovalRoutes } from './modules/approvals/index.ts';
import { registerAuditRoutes } from './modules/audit/index.ts';
import { registerPriceRoutes } from './modules/catalog/index.ts';
import { registerFundingAdminRoutes, registerRefundsDueRoutes } from './modules/funding/index.ts';
import { registerDisputeRoutes, registerPurchaseAdminRoutes } from './modules/purchases/index.ts';
import {
  registerDailyReconciliationRoutes,
  registerProviderLossRoutes,
} from './modules/reconciliation/index.ts';
import { registerReportRoutes } from './modules/reports/index.ts';
import { registerRoutingRoutes } from './modules/routing/index.ts';
import { registerSettingsRoutes } from './modules/settings/index.ts';

/** The back office's routes: each declares `admin` (or a narrower) access in the contract. */
export function registerBackOfficeRoutes(app: FastifyInstance, container: Container): void {
  registerPriceRoutes(app, { prices: container.prices });
  registerRoutingRoutes(app, { routing: container.routingAdmin });
  registerAdminRoutes(app, { purchases: container.purchases });
  registerPurchaseAdminRoutes(app, { admin: container.purchases.admin });
  registerProviderLossRoutes(app, { losses: container.providerLosses });
  registerDisputeRoutes(app, { disputes: container.purchases.disputes });
  registerFundingAdminRoutes(app, { fundings: container.fundingAdmin });
  registerRefundsDueRoutes(app, { refundsDue: container.refundsDue });
  registerUserAdminRoutes(app, {
    users: container.userAdmin,
    approvals: container.approvals,
    findPeople: container.auth.findUsersByIds,
  });
  registerFloatRoutes(app, { float: container.float });
  registerAdjustmentRoutes(app, {
    adjustments: container.adjustments,
    findPeople: container.auth.findUsersByIds,
  });
  registerApprovalRoutes(app, { approvals: container.approvals, findPeople: container.auth.findUsersByIds });
  registerSettingsRoutes(app, {
    settings: container.settings,
    settingChanges: container.settingChanges,
    approvals: container.approvals,
    findPeople: container.auth.findUsersByIds,
  });
  registerReportRoutes(app, { reports: container.reports });
  registerDailyReconciliationRoutes(app, {
    reconciliation: container.dailyReconciliation,
    findPeople: container.auth.findUsersByIds,
  });
  registerAuditRoutes(app, { audit: container.audit });
}
