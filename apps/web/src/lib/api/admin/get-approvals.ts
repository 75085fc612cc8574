import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalsResponse } from '@quickvend/shared/api/admin-money';
import { api } from '@/lib/api-client.ts';

export const approvalsQueryKey = ['admin', 'approvals'] as const;

export type ApprovalsQuery = { status: 'pending' | 'decided'; limit?: number; targetId?: string };

export function getApprovals(query: ApprovalsQuery, signal?: AbortSignal): Promise<ApprovalsResponse> {
  const params = new URLSearchParams({ status: query.status });
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.targetId) params.set('targetId', query.targetId);
  return api.get<ApprovalsResponse>(`/api/v1/admin/approvals?${params.toString()}`, { signal });
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
