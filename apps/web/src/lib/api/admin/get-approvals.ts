import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalsResponse } from '@quickvend/shared/api/admin-money';
import { call } from '@/lib/api-client.ts';

export const approvalsQueryKey = ['admin', 'approvals'] as const;

export type ApprovalsQuery = { status: 'pending' | 'decided'; limit?: number; targetId?: string };

export function getApprovals(query: ApprovalsQuery, signal?: AbortSignal): Promise<ApprovalsResponse> {
  const { status, limit, targetId } = query;
  return call('GET /api/v1/admin/approvals', {
    query: { status, limit, targetId: targetId || undefined },
    signal,
  });
}

export const approvalsQueryOptions = (query: ApprovalsQuery) =>
  queryOptions({
    queryKey: [...approvalsQueryKey, query] as const,
    queryFn: ({ signal }) => getApprovals(query, signal),
  });

/** Requests waiting for a second admin, or those decided lately; newest first. */
export function useApprovals(query: ApprovalsQuery) {
  return useQuery(approvalsQueryOptions(query));
}
