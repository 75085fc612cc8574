import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminManualRequestsResponse } from '@quickvend/shared/api/funding';
import { call } from '@/lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

export const pendingManualRequestsQueryKey = ['admin', 'funding', 'manual', 'pending'] as const;

export const MANUAL_REQUESTS_PAGE_SIZE = 50;

export function getPendingManualRequests(
  page: { user?: string | undefined; cursor?: string | null | undefined },
  signal?: AbortSignal,
): Promise<AdminManualRequestsResponse> {
  return call('GET /api/v1/admin/funding/manual', {
    query: {
      status: 'pending',
      limit: MANUAL_REQUESTS_PAGE_SIZE,
      user: page.user || undefined,
      cursor: page.cursor || undefined,
    },
    signal,
  });
}

/**
 * Manual deposits waiting for an admin, oldest first, 50 at a time, each with the customer who made it;
 * `user` (an email or a user id) narrows them to one customer.
 */
export const pendingManualRequestsQueryOptions = (user = '') =>
  infiniteQueryOptions({
    queryKey: [...pendingManualRequestsQueryKey, user] as const,
    queryFn: ({ pageParam, signal }) => getPendingManualRequests({ user, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function usePendingManualRequests(user = '') {
  return useInfiniteQuery(pendingManualRequestsQueryOptions(user));
}

/** After a decision (or a conflict): the pending list, the fundings and the users' balances are fetched again. */
export async function refreshAfterDecision(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pendingManualRequestsQueryKey }),
    queryClient.invalidateQueries({ queryKey: adminQueryKeys.fundings }),
    queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
  ]);
}
