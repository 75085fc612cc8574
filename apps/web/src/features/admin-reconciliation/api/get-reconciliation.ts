import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReconciliationDayResponse } from '@quickvend/shared/api/daily-reconciliation';
import { call } from '@/lib/api-client.ts';
import { reconciliationsKey } from './get-reconciliations.ts';

export function getReconciliation(day: string, signal?: AbortSignal): Promise<ReconciliationDayResponse> {
  return call('GET /api/v1/admin/reconciliations/:day', { params: { day }, signal });
}

export const reconciliationQueryOptions = (day: string) =>
  queryOptions({
    queryKey: [...reconciliationsKey, 'day', day] as const,
    queryFn: ({ signal }) => getReconciliation(day, signal),
  });

/** One day's totals and differences; nothing is asked for until a day is chosen. */
export function useReconciliation(day: string | null) {
  return useQuery({ ...reconciliationQueryOptions(day ?? ''), enabled: day !== null });
}
