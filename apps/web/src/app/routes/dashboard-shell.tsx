import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { messages } from '@quickvend/shared/messages';
import { DashboardLayout } from '@/components/layouts/dashboard-layout.tsx';
import { BalanceChip } from '@/components/ui/balance-chip.tsx';
import { paths } from '@/lib/paths.ts';
import { useLiveBalance } from '@/features/wallet/api/get-wallet-events.ts';
import { clearSession, signOut, useSession } from '@/lib/session.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { sidebarNav } from './sidebar-nav.ts';

/** The signed-in frame: sidebar, top bar with the user's name and live balance, and the page. */
export function DashboardShell() {
  const { data: user } = useSession();
  const wallet = useWallet();
  // one event stream for every signed-in page: balances everywhere update without a reload
  useLiveBalance();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const logout = async () => {
    setIsLoggingOut(true);
    try {
      await signOut();
    } catch {
      // signing out locally still protects this device's screen; the cookie expires on its own
    }
    clearSession(queryClient);
    void navigate(paths.login, { replace: true });
  };

  return (
    <DashboardLayout
      nav={sidebarNav}
      homePath={paths.dashboard}
      userName={user?.name || messages.common.guest}
      balance={<BalanceChip balanceKobo={wallet.data?.balanceKobo} isError={wallet.isError} />}
      onLogout={() => void logout()}
      isLoggingOut={isLoggingOut}
    >
      <Outlet />
    </DashboardLayout>
  );
}
