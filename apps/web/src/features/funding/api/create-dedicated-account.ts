import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { dedicatedAccountQueryKey, type DedicatedAccountReply } from './get-dedicated-account.ts';

/** Creates the user's transfer account (once per user; asking again returns the same account). */
export function createDedicatedAccount(): Promise<DedicatedAccountReply> {
  return call('POST /api/v1/funding/dedicated-account');
}

export function useCreateDedicatedAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDedicatedAccount,
    onSuccess: (reply) => {
      queryClient.setQueryData(dedicatedAccountQueryKey, reply);
    },
  });
}
