import { Outlet } from '@/lib/router/index.ts';
import { messages } from '@quickvend/shared/messages';
import { DashboardLayout } from '@/components/layouts/dashboard-layout.tsx';
import { BalanceChip } from '@/components/ui/balance-chip.tsx';
import { paths } from '@/lib/paths.ts';
import { useLiveBalance } from '@/features/wallet/live-balance.ts';
import { useLogout } from '@/lib/api/sign-out.ts';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { useSession } from '@/lib/session.ts';
import { useMeta } from '@/lib/api/get-meta.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { sidebarNav, tabs } from './sidebar-nav.ts';

/** The signed-in frame: sidebar or bottom tabs, top bar with the user's name and live balance, and the page. */
export function DashboardShell() {
  const { data: user } = useSession();
  const wallet = useWallet();
  const meta = useMeta();
  // one event stream for every signed-in page: balances everywhere update without a reload
  useLiveBalance();
  const { logout, isLoggingOut } = useLogout();

  return (
    <DashboardLayout
      nav={sidebarNav({ isAdmin: user?.role === 'admin', support: meta.data?.support })}
      tabs={tabs}
      homePath={paths.dashboard}
      userName={user?.name || messages.common.guest}
      balance={<BalanceChip balanceKobo={wallet.data?.balanceKobo} isError={wallet.isError} />}
      bell={<NotificationBell />}
      onLogout={logout}
      isLoggingOut={isLoggingOut}
    >
      <Outlet />
    </DashboardLayout>
  );
}
