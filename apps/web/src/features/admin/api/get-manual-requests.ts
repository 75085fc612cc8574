import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import { api } from '@/lib/api-client.ts';
import { usersQueryKey } from '../users/api/get-users.ts';

export const pendingManualRequestsQueryKey = ['admin', 'funding', 'manual', 'pending'] as const;

export function getPendingManualRequests(
  signal?: AbortSignal,
): Promise<{ requests: ManualFundingRequest[] }> {
  return api.get<{ requests: ManualFundingRequest[] }>('/api/v1/admin/funding/manual?status=pending', {
    signal,
  });
}

export const pendingManualRequestsQueryOptions = queryOptions({
  queryKey: pendingManualRequestsQueryKey,
  queryFn: ({ signal }) => getPendingManualRequests(signal),
});

/** Manual deposits waiting for an admin, each with the customer who made it. */
export function usePendingManualRequests(isEnabled: boolean) {
  return useQuery({ ...pendingManualRequestsQueryOptions, enabled: isEnabled });
}

/** After a decision (or a conflict): the pending list, the fundings and the users' balances are fetched again. */
export async function refreshAfterDecision(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pendingManualRequestsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'fundings'] }),
    queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  ]);
}
