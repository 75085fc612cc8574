import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualFundingBody } from '@quickvend/shared/api/funding';
import { call } from '@/lib/api-client.ts';
import { manualFundingsQueryKey } from './get-manual-fundings.ts';

/** Tells the admins about a deposit made into the company account; they credit it after checking. */
export function createManualFunding(body: ManualFundingBody) {
  return call('POST /api/v1/funding/manual', { body });
}

export function useCreateManualFunding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualFunding,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: manualFundingsQueryKey });
    },
  });
}
