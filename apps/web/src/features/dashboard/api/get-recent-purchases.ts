import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPurchases } from '@/lib/api/get-purchases.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export const RECENT_PURCHASES = 5;

export const recentPurchasesQueryOptions = queryOptions({
  queryKey: queryKeys.recentPurchases,
  queryFn: ({ signal }) => listPurchases({ limit: RECENT_PURCHASES }, signal),
});

/** The user's latest purchases (the dashboard's short list). */
export function useRecentPurchases() {
  return useQuery(recentPurchasesQueryOptions);
}
