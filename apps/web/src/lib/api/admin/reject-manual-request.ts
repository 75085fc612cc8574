import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { refreshAfterDecision } from './get-manual-requests.ts';

/** Refuses the deposit with a reason the customer sees. @throws ApiError CONFLICT when already decided */
export function rejectManualRequest(input: { id: string; reason: string }) {
  return call('POST /api/v1/admin/funding/manual/:id/reject', {
    params: { id: input.id },
    body: { reason: input.reason },
  });
}

export function useRejectManualRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectManualRequest,
    onSettled: () => refreshAfterDecision(queryClient),
  });
}
