import type { QueryClient } from '@tanstack/react-query';
import { recentPurchasesQueryOptions } from '@/features/dashboard/api/get-recent-purchases.ts';
import { walletQueryOptions } from '@/lib/api/get-wallet.ts';
import { paths } from '@/lib/paths.ts';
import { sessionQueryOptions } from '@/lib/session.ts';

/**
 * Starts what the first page needs before React renders: the session on every page, and on the dashboard its
 * code and its data too. They load side by side instead of one after another (code, then the session, then the
 * data). The router and the queries pick up the same requests: modules load once, and a query being fetched is
 * not fetched again.
 */
export function preloadFirstPage(pathname: string, queryClient: QueryClient): void {
  void queryClient.prefetchQuery(sessionQueryOptions);
  if (pathname.replace(/\/$/, '') !== paths.dashboard) return;
  void import('./routes/dashboard-shell.tsx');
  void import('@/features/dashboard/components/dashboard-page.tsx');
  void queryClient.prefetchQuery(walletQueryOptions);
  void queryClient.prefetchQuery(recentPurchasesQueryOptions);
}
