import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { NavLink, Outlet } from '@/lib/router/index.ts';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { LowFloatBanner } from '@/features/admin-approvals/components/low-float-banner.tsx';
import { ProviderLossBanner } from '@/features/admin-reconciliation/components/provider-loss-banner.tsx';

const sections = [
  { label: 'Home', to: paths.admin, end: true },
  { label: 'Users', to: paths.adminUsers, end: false },
  { label: 'Purchases', to: paths.adminPurchases, end: false },
  { label: 'Fundings', to: paths.adminFundings, end: false },
  { label: 'Approvals', to: paths.adminApprovals, end: false },
  { label: 'Not received', to: paths.adminDisputes, end: false },
  { label: 'Prices', to: paths.adminPrices, end: false },
  { label: 'Providers', to: paths.adminRouting, end: false },
  { label: 'Reports', to: paths.adminReports, end: false },
  { label: 'Reconciliation', to: paths.adminReconciliation, end: false },
  { label: 'Settings', to: paths.adminSettings, end: false },
  { label: 'Audit log', to: paths.adminAudit, end: false },
] as const;

/** The back office frame: its sections as tabs (sideways on a phone, wrapping on a laptop), then the page. */
export function AdminLayout() {
  const { data: me } = useSession();
  if (me && me.role !== 'admin') return <StatusMessage message={messages.auth.notAdmin} tone="error" />;
  return (
    <div className="flex flex-col gap-4">
      <title>{`Admin · ${PRODUCT_NAME}`}</title>
      <nav aria-label="Back office" className="-mx-4 overflow-x-auto border-b border-gray-200 px-4">
        <ul className="flex min-w-max gap-1 lg:min-w-0 lg:flex-wrap">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  `block border-b-2 px-3 py-2 text-sm font-medium lg:px-2.5 ${
                    isActive
                      ? 'border-blue-700 text-blue-800'
                      : 'border-transparent text-gray-600 hover:text-gray-900'
                  }`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <LowFloatBanner />
      <ProviderLossBanner />
      <Outlet />
    </div>
  );
}
