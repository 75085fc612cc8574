import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlaggedPurchase } from '@quickvend/shared/api/purchases';
import { api } from '@/lib/api-client.ts';

export function getFlaggedPurchases(signal?: AbortSignal): Promise<{ purchases: FlaggedPurchase[] }> {
  return api.get<{ purchases: FlaggedPurchase[] }>('/api/v1/admin/purchases/flagged', { signal });
}

export const flaggedPurchasesQueryOptions = queryOptions({
  queryKey: ['admin', 'purchases', 'flagged'] as const,
  queryFn: ({ signal }) => getFlaggedPurchases(signal),
});

/** Purchases the provider has not settled a day after they were made. */
export function useFlaggedPurchases() {
  return useQuery(flaggedPurchasesQueryOptions);
}
