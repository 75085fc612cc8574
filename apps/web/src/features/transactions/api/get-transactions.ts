import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listPurchases, type PurchaseFilters } from '@/lib/api/get-purchases.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export const TRANSACTIONS_PAGE_SIZE = 20;

export function transactionsQueryOptions(filters: PurchaseFilters) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.purchases, 'list', filters.serviceId ?? '', filters.status ?? ''] as const,
    queryFn: ({ pageParam, signal }) =>
      listPurchases({ ...filters, limit: TRANSACTIONS_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The user's purchases, newest first, filtered by service and status, a page at a time. */
export function useTransactions(filters: PurchaseFilters) {
  return useInfiniteQuery(transactionsQueryOptions(filters));
}
