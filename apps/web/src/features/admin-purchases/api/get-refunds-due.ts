import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefundsDueResponse } from '@quickvend/shared/api/refunds-due';
import { api } from '@/lib/api-client.ts';

export const refundsDueQueryKey = ['admin', 'refunds-due', 'open'] as const;

export const refundsDueQueryOptions = queryOptions({
  queryKey: refundsDueQueryKey,
  queryFn: ({ signal }) => api.get<RefundsDueResponse>('/api/v1/admin/refunds-due?status=open', { signal }),
});

/** Money that reached closed accounts and must go back to whoever paid it, newest first. */
export function useRefundsDue() {
  return useQuery(refundsDueQueryOptions);
}
