import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';

export const pricesQueryKey = ['admin', 'prices'] as const;

export function getPrices(signal?: AbortSignal) {
  return call('GET /api/v1/admin/prices', { signal });
}

export const pricesQueryOptions = queryOptions({
  queryKey: pricesQueryKey,
  queryFn: ({ signal }) => getPrices(signal),
});

/** Every service and plan: face value, cost, each channel's rule, price and margin. */
export function usePrices() {
  return useQuery(pricesQueryOptions);
}
