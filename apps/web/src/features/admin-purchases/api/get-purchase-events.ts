import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { adminPurchasesKey } from './search-purchases.ts';

export function getOlderPurchaseEvents(id: string, before: string, signal?: AbortSignal) {
  return call('GET /api/v1/admin/purchases/:id/events', { params: { id }, query: { before }, signal });
}

/**
 * The lines of a purchase's timeline older than its page shows, a page at a time from `before` (the detail's
 * `olderEventsCursor`), fetched only once `isWanted`.
 */
export const olderPurchaseEventsQueryOptions = (id: string, before: string | null) =>
  infiniteQueryOptions({
    queryKey: [...adminPurchasesKey, 'detail', id, 'older', before] as const,
    queryFn: ({ pageParam, signal }) => getOlderPurchaseEvents(id, pageParam, signal),
    initialPageParam: before ?? '',
    getNextPageParam: (page) => page.olderEventsCursor,
  });

export function useOlderPurchaseEvents(id: string, before: string | null, isWanted: boolean) {
  return useInfiniteQuery({
    ...olderPurchaseEventsQueryOptions(id, before),
    enabled: isWanted && before !== null,
  });
}
