import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';

export const testBalanceQueryKey = ['test-balance'] as const;

export function getTestBalance(signal?: AbortSignal) {
  return call('GET /api/v1/test-balance', { signal });
}

export const testBalanceQueryOptions = queryOptions({
  queryKey: testBalanceQueryKey,
  queryFn: ({ signal }) => getTestBalance(signal),
});

/** What the partner's test keys can spend. */
export function useTestBalance() {
  return useQuery(testBalanceQueryOptions);
}
