import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundDueResponse } from '@quickvend/shared/api/refunds-due';
import { call } from '@/lib/api-client.ts';
import { refundsDueQueryKey } from './get-refunds-due.ts';

/**
 * Says the money went back to the payer; it leaves the books once a second admin approves.
 * @throws ApiError VALIDATION_FAILED without a note, CONFLICT once it is marked as sent back
 */
export function returnRefundDue(input: { id: string; note: string }): Promise<RefundDueResponse> {
  return call('POST /api/v1/admin/refunds-due/:id/return', {
    params: { id: input.id },
    body: {
      note: input.note,
    },
  });
}

export function useReturnRefundDue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnRefundDue,
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundsDueQueryKey }),
  });
}
