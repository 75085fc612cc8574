import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchasesSummary } from '@quickvend/shared/api/admin-purchases';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export const purchasesSummaryQueryOptions = queryOptions({
  queryKey: [...queryKeys.adminPurchases, 'summary'] as const,
  queryFn: ({ signal }) => api.get<PurchasesSummary>('/api/v1/admin/purchases/summary', { signal }),
});

/** How many purchases are in each state, and how many have been pending over 24 hours. */
export function usePurchasesSummary() {
  return useQuery(purchasesSummaryQueryOptions);
}
