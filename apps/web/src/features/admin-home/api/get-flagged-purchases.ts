import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlaggedPurchase } from '@quickvend/shared/api/purchases';
import { api } from '@/lib/api-client.ts';

export const flaggedPurchasesQueryOptions = queryOptions({
  queryKey: ['admin', 'purchases', 'flagged'] as const,
  queryFn: ({ signal }) =>
    api.get<{ purchases: FlaggedPurchase[] }>('/api/v1/admin/purchases/flagged', { signal }),
});

/** Purchases the provider has not settled a day after they were made. */
export function useFlaggedPurchases() {
  return useQuery(flaggedPurchasesQueryOptions);
}
