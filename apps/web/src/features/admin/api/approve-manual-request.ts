import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApproveManualDepositResponse } from '@quickvend/shared/api/admin-money';
import { api } from '@/lib/api-client.ts';
import { refreshAfterDecision } from './get-manual-requests.ts';

/**
 * Credits the deposit less the charge; above the approval limit it is sent to a second admin instead
 * (`approvalId`). @throws ApiError CONFLICT when another admin decided it first
 */
export function approveManualRequest(id: string): Promise<ApproveManualDepositResponse> {
  return api.post<ApproveManualDepositResponse>(
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
