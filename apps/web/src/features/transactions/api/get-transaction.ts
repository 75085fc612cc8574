import { useQuery } from '@tanstack/react-query';
import { getPurchase, purchaseQueryKey } from '@/lib/api/get-purchase.ts';

const PENDING_POLL_MS = 5_000;

/** One purchase by its request id; a pending one is asked for again until it is final. */
export function useTransaction(requestId: string) {
  return useQuery({
    queryKey: purchaseQueryKey(requestId),
    queryFn: ({ signal }) => getPurchase(requestId, signal),
    refetchInterval: (query) => (query.state.data?.purchase.status === 'pending' ? PENDING_POLL_MS : false),
  });
}
