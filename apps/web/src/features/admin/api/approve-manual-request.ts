import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import { api } from '@/lib/api-client.ts';
import { refreshAfterDecision } from './get-manual-requests.ts';

/** Credits the deposit less the charge. @throws ApiError CONFLICT when another admin decided it first */
export function approveManualRequest(id: string): Promise<{ request: ManualFundingRequest }> {
  return api.post<{ request: ManualFundingRequest }>(
    `/api/v1/admin/funding/manual/${encodeURIComponent(id)}/approve`,
    {},
  );
}

export function useApproveManualRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveManualRequest,
    onSettled: () => refreshAfterDecision(queryClient),
  });
}
