import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefundsDueResponse } from '@quickvend/shared/api/refunds-due';
import { call } from '@/lib/api-client.ts';

export const refundsDueQueryKey = ['admin', 'refunds-due', 'open'] as const;

export function getRefundsDue(signal?: AbortSignal): Promise<RefundsDueResponse> {
  return call('GET /api/v1/admin/refunds-due', { query: { status: 'open' }, signal });
}

export const refundsDueQueryOptions = queryOptions({
  queryKey: refundsDueQueryKey,
  queryFn: ({ signal }) => getRefundsDue(signal),
});

/** Money that reached closed accounts and must go back to whoever paid it, newest first. */
export function useRefundsDue() {
  return useQuery(refundsDueQueryOptions);
}
