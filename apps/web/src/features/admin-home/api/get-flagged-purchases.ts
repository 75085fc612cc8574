import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';

export function getFlaggedPurchases(signal?: AbortSignal) {
  return call('GET /api/v1/admin/purchases/flagged', { signal });
}

export const flaggedPurchasesQueryOptions = queryOptions({
  queryKey: ['admin', 'purchases', 'flagged'] as const,
  queryFn: ({ signal }) => getFlaggedPurchases(signal),
});

/** Purchases the provider has not settled a day after they were made. */
export function useFlaggedPurchases() {
  return useQuery(flaggedPurchasesQueryOptions);
}
