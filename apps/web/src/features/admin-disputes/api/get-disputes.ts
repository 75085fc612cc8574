import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDispute } from '@quickvend/shared/api/disputes';
import { call } from '@/lib/api-client.ts';

export const adminDisputesKey = ['admin', 'disputes'] as const;

export type DisputeStatus = AdminDispute['status'];

export function getDisputes(status: DisputeStatus, signal?: AbortSignal) {
  return call('GET /api/v1/admin/disputes', { query: { status }, signal });
}

export const adminDisputesQueryOptions = (status: DisputeStatus) =>
  queryOptions({
    queryKey: [...adminDisputesKey, status] as const,
    queryFn: ({ signal }) => getDisputes(status, signal),
  });

/** Customers' "I didn't get it" reports: the open ones oldest first, the closed ones newest first. */
export function useAdminDisputes(status: DisputeStatus) {
  return useQuery(adminDisputesQueryOptions(status));
}
