import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dispute } from '@quickvend/shared/api/disputes';
import { call } from '@/lib/api-client.ts';
import { purchaseQueryKey } from '@/lib/api/get-purchase.ts';

/** Under the purchase's own key, so whatever refreshes the purchase refreshes its report too. */
export const disputeQueryKey = (requestId: string) => [...purchaseQueryKey(requestId), 'dispute'] as const;

/** `GET /api/v1/purchases/{requestId}/dispute`: the customer's "I didn't get it" report, or null when none. */
export async function getDispute(requestId: string, signal?: AbortSignal): Promise<Dispute | null> {
  const answer = await call('GET /api/v1/purchases/:requestId/dispute', { params: { requestId }, signal });
  return answer.dispute;
}

export const disputeQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: disputeQueryKey(requestId),
    queryFn: ({ signal }) => getDispute(requestId, signal),
  });

/** The report on a delivered purchase, if the customer made one; only asked for when `isEnabled`. */
export function useDispute(requestId: string, isEnabled: boolean) {
  return useQuery({ ...disputeQueryOptions(requestId), enabled: isEnabled });
}
