import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReconciliationsResponse } from '@quickvend/shared/api/daily-reconciliation';
import { call } from '@/lib/api-client.ts';

/** Every query about the daily reconciliation: refreshing it refreshes the list and the days. */
export const reconciliationsKey = ['admin', 'reconciliations'] as const;

export function getReconciliations(signal?: AbortSignal): Promise<ReconciliationsResponse> {
  return call('GET /api/v1/admin/reconciliations', { signal });
}

export const reconciliationsQueryOptions = queryOptions({
  queryKey: [...reconciliationsKey, 'list'] as const,
  queryFn: ({ signal }) => getReconciliations(signal),
});

/** The last days checked against VTpass, newest first. */
export function useReconciliations() {
  return useQuery(reconciliationsQueryOptions);
}
