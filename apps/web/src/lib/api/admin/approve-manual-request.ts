import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApproveManualDepositResponse } from '@quickvend/shared/api/admin-money';
import { call } from '@/lib/api-client.ts';
import { refreshAfterDecision } from './get-manual-requests.ts';

/**
 * Credits the deposit less the charge; past the admin's limits it is sent to a second admin instead
 * (`approvalId`). The note, when given, is kept in the audit log. @throws ApiError CONFLICT when another admin
 * decided it first
 */
export function approveManualRequest(input: {
  id: string;
  note?: string;
}): Promise<ApproveManualDepositResponse> {
  return call('POST /api/v1/admin/funding/manual/:id/approve', {
    params: { id: input.id },
    body: input.note ? { note: input.note } : {},
  });
}

export function useApproveManualRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveManualRequest,
    onSettled: () => refreshAfterDecision(queryClient),
  });
}
