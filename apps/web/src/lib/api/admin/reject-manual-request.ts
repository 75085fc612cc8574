import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import { api } from '@/lib/api-client.ts';
import { refreshAfterDecision } from './get-manual-requests.ts';

/** Refuses the deposit with a reason the customer sees. @throws ApiError CONFLICT when already decided */
export function rejectManualRequest(input: {
  id: string;
  reason: string;
}): Promise<{ request: ManualFundingRequest }> {
  return api.post<{ request: ManualFundingRequest }>(
    `/api/v1/admin/funding/manual/${encodeURIComponent(input.id)}/reject`,
    { reason: input.reason },
  );
}

export function useRejectManualRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectManualRequest,
    onSettled: () => refreshAfterDecision(queryClient),
  });
}
