import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PurchaseStatus } from '@quickvend/shared/api/purchases';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

export type PurchaseFilters = { serviceId?: string | undefined; status?: PurchaseStatus | undefined };

export const PURCHASES_PAGE_SIZE = 20;

/** `GET /api/v1/purchases`: the user's purchases, newest first, a page at a time. */
export function listPurchases(
  options: PurchaseFilters & { limit: number; cursor?: string | null | undefined },
  signal?: AbortSignal,
) {
  return call('GET /api/v1/purchases', {
    query: {
      limit: options.limit,
      cursor: options.cursor || undefined,
      serviceId: options.serviceId || undefined,
      status: options.status,
    },
    signal,
  });
}

export function purchasesQueryOptions(filters: PurchaseFilters) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.purchases, 'list', filters.serviceId ?? '', filters.status ?? ''] as const,
    queryFn: ({ pageParam, signal }) =>
      listPurchases({ ...filters, limit: PURCHASES_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The user's purchases, newest first, filtered by service and status, a page at a time. */
export function usePurchases(filters: PurchaseFilters) {
  return useInfiniteQuery(purchasesQueryOptions(filters));
}
