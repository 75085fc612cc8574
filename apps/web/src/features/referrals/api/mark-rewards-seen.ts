import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferralsResponse } from '@quickvend/shared/api/referrals';
import { kobo } from '@quickvend/shared/money';
import { call } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export async function markRewardsSeen(): Promise<void> {
  await call('POST /api/v1/referrals/seen');
}

/** Tells the server the customer has been told about their new rewards, so they are not announced again. */
export function useMarkRewardsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRewardsSeen,
    onSuccess: () => {
      queryClient.setQueryData<ReferralsResponse>(queryKeys.referrals, (old) =>
        old ? { ...old, newRewardsKobo: kobo(0) } : old,
      );
    },
  });
}
