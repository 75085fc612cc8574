import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TopUpTestBalanceBody } from '@quickvend/shared/api/api-keys';
import { call } from '@/lib/api-client.ts';
import { testBalanceQueryKey } from './get-test-balance.ts';

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
