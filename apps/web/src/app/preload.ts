import type { QueryClient } from '@tanstack/react-query';
import { recentPurchasesQueryOptions } from '@/features/dashboard/api/get-recent-purchases.ts';
import { walletQueryOptions } from '@/lib/api/get-wallet.ts';
import { closeEarlyRequests } from '@/lib/early-requests.ts';
import { paths } from '@/lib/paths.ts';
import { sessionQueryOptions } from '@/lib/session.ts';

/**
 * Starts what the first page needs before React renders: the session on every page, and on the dashboard its
 * code and its data too. They load side by side instead of one after another (code, then the session, then the
 * data). The router and the queries pick up the same requests: modules load once, and a query being fetched is
 * not fetched again.
 */
/** A failure is the page's to show when it asks for the same query; here it is only started. */
const start = (loading: Promise<unknown>) => {
  loading.catch(() => undefined);
};

export function preloadFirstPage(pathname: string, queryClient: QueryClient): void {
  start(queryClient.query(sessionQueryOptions));
  if (pathname.replace(/\/$/, '') === paths.dashboard) {
    start(import('./routes/dashboard-shell.tsx'));
    start(import('@/features/dashboard/components/dashboard-page.tsx'));
    start(queryClient.query(walletQueryOptions));
    start(queryClient.query(recentPurchasesQueryOptions));
  }
  // each query above has taken what the first script asked for (src/boot.ts); anything later asks the server
  closeEarlyRequests();
}
