import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getPayments(signal?: AbortSignal) {
  return call('GET /api/v1/funding/payments', { signal });
}

export const paymentsQueryOptions = queryOptions({
  queryKey: queryKeys.payments,
  queryFn: ({ signal }) => getPayments(signal),
});

/** Card and bank-transfer payments, newest first. */
export function usePayments() {
  return useQuery(paymentsQueryOptions);
}
