import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchasesSummary } from '@quickvend/shared/api/admin-purchases';
import { api } from '@/lib/api-client.ts';

export const purchasesSummaryQueryOptions = queryOptions({
  queryKey: ['admin', 'purchases', 'summary'] as const,
  queryFn: ({ signal }) => api.get<PurchasesSummary>('/api/v1/admin/purchases/summary', { signal }),
});

/** How many purchases are still open, and how many of those are over a day old. */
export function usePurchasesSummary() {
  return useQuery(purchasesSummaryQueryOptions);
}
