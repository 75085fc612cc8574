import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export const RECENT_PURCHASES = 5;

/** The dashboard's short list: the first script may already have asked for it (lib/early-requests.ts). */
export function getRecentPurchases(signal?: AbortSignal) {
  return call('GET /api/v1/purchases', { query: { limit: RECENT_PURCHASES }, signal });
}

export const recentPurchasesQueryOptions = queryOptions({
  queryKey: queryKeys.recentPurchases,
  queryFn: ({ signal }) => getRecentPurchases(signal),
});

/** The user's latest purchases (the dashboard's short list). */
export function useRecentPurchases() {
  return useQuery(recentPurchasesQueryOptions);
}
