import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TopUpTestBalanceBody } from '@quickvend/shared/api/api-keys';
import { call } from '@/lib/api-client.ts';

export const testBalanceQueryKey = ['test-balance'] as const;

export const testBalanceQueryOptions = queryOptions({
  queryKey: testBalanceQueryKey,
  queryFn: ({ signal }) => call('GET /api/v1/test-balance', { signal }),
});

/** What the partner's test keys can spend. */
export function useTestBalance() {
  return useQuery(testBalanceQueryOptions);
}

export function topUpTestBalance(body: TopUpTestBalanceBody) {
  return call('POST /api/v1/test-balance/top-up', { body });
}

/** Adds test money; the answer is the new test balance. */
export function useTopUpTestBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUpTestBalance,
    onSuccess: (balance) => {
      queryClient.setQueryData(testBalanceQueryKey, balance);
    },
  });
}
