import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchasesSummary } from '@quickvend/shared/api/admin-purchases';
import { call } from '@/lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

export function getPurchasesSummary(signal?: AbortSignal): Promise<PurchasesSummary> {
  return call('GET /api/v1/admin/purchases/summary', { signal });
}

export const purchasesSummaryQueryOptions = queryOptions({
  queryKey: [...adminQueryKeys.purchases, 'summary'] as const,
  queryFn: ({ signal }) => getPurchasesSummary(signal),
});

/** How many purchases are in each state, and how many have been pending over 24 hours. */
export function usePurchasesSummary() {
  return useQuery(purchasesSummaryQueryOptions);
}
