import type { ComponentType } from 'react';
import type { RouteObject } from '@/lib/router/index.ts';
import { paths } from '@/lib/paths.ts';
import { RequireSession } from './routes/guards.tsx';
import { insideDashboard, page } from './route-parts.tsx';

/** A back-office page, inside the admin frame (routes/admin-layout.tsx). */
function adminPage<M>(path: string, load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject {
  return { path, caseSensitive: true, lazy: page(load, pick) };
}

/** The back office: one feature per page, each its own chunk, all inside the admin frame. */
export const adminRoutes: RouteObject = {
  element: <RequireSession signedOutTo={paths.adminLogin} />,
  children: [
    insideDashboard([
      {
        lazy: page(
          () => import('./routes/admin-layout.tsx'),
          (m) => m.AdminLayout,
        ),
        children: [
          adminPage(
            paths.admin,
            () => import('@/features/admin-home/components/admin-home-page.tsx'),
            (m) => m.AdminHomePage,
          ),
          adminPage(
            paths.adminUsers,
            () => import('@/features/admin-users/components/users-page.tsx'),
            (m) => m.AdminUsersPage,
          ),
          adminPage(
            paths.editUser,
            () => import('@/features/admin-users/components/edit-user-page.tsx'),
            (m) => m.EditUserPage,
          ),
          adminPage(
            paths.adminPurchases,
            () => import('@/features/admin-purchases/components/purchases-page.tsx'),
            (m) => m.AdminPurchasesPage,
          ),
          adminPage(
            paths.adminPurchase,
            () => import('@/features/admin-purchases/components/purchase-detail-page.tsx'),
            (m) => m.AdminPurchaseDetailPage,
          ),
          adminPage(
            paths.adminFundings,
            () => import('@/features/admin-purchases/components/fundings-page.tsx'),
            (m) => m.AdminFundingsPage,
          ),
          adminPage(
            paths.adminApprovals,
            () => import('@/features/admin-approvals/components/approvals-page.tsx'),
            (m) => m.AdminApprovalsPage,
          ),
          adminPage(
            paths.adminPrices,
            () => import('@/features/admin-prices/components/prices-page.tsx'),
            (m) => m.AdminPricesPage,
          ),
          adminPage(
            paths.adminRouting,
            () => import('@/features/admin-routing/components/routing-page.tsx'),
            (m) => m.AdminRoutingPage,
          ),
          adminPage(
            paths.adminDisputes,
            () => import('@/features/admin-disputes/components/disputes-page.tsx'),
            (m) => m.AdminDisputesPage,
          ),
          adminPage(
            paths.adminReports,
            () => import('@/features/admin-reports/components/reports-page.tsx'),
            (m) => m.AdminReportsPage,
          ),
          adminPage(
            paths.adminDailyServiceReport,
            () => import('@/features/admin-reports/components/daily-service-report-page.tsx'),
            (m) => m.DailyServiceReportPage,
          ),
          adminPage(
            paths.adminSettings,
            () => import('@/features/admin-settings/components/settings-page.tsx'),
            (m) => m.AdminSettingsPage,
          ),
          adminPage(
            paths.adminReconciliation,
            () => import('@/features/admin-reconciliation/components/reconciliation-page.tsx'),
            (m) => m.AdminReconciliationPage,
          ),
          adminPage(
            paths.adminAudit,
            () => import('@/features/admin-audit/components/audit-page.tsx'),
            (m) => m.AdminAuditPage,
          ),
        ],
      },
    ]),
  ],
};
