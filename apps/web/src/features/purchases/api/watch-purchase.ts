import { queryOptions } from '@tanstack/react-query';
import { getPurchase, purchaseQueryKey } from '@/lib/api/get-purchase.ts';

const PENDING_POLL_MS = 4_000;

/**
 * A purchase just made, asked for again while it is pending (being confirmed with the provider) until it
 * is delivered or refunded.
 */
export function watchPurchaseQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: purchaseQueryKey(requestId),
    queryFn: ({ signal }) => getPurchase(requestId, signal),
    refetchInterval: (query) => (query.state.data?.purchase.status === 'pending' ? PENDING_POLL_MS : false),
  });
}
