import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

export function purchaseQueryKey(requestId: string) {
  return [...queryKeys.purchases, 'one', requestId] as const;
}

/** `GET /api/v1/purchases/{requestId}`: one purchase by the request id it was made with. */
export function getPurchase(requestId: string, signal?: AbortSignal) {
  return call('GET /api/v1/purchases/:requestId', { params: { requestId }, signal });
}

/**
 * One purchase; a pending one (being confirmed with the provider) is asked for again every `pollMs` until
 * it is delivered or refunded.
 */
export function purchaseQueryOptions(requestId: string, pollMs: number) {
  return queryOptions({
    queryKey: purchaseQueryKey(requestId),
    queryFn: ({ signal }) => getPurchase(requestId, signal),
    refetchInterval: (query) => (query.state.data?.purchase.status === 'pending' ? pollMs : false),
  });
}

export function usePurchase(requestId: string, pollMs: number) {
  return useQuery(purchaseQueryOptions(requestId, pollMs));
}
