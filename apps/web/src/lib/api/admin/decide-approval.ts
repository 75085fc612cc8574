import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalResponse } from '@quickvend/shared/api/admin-money';
import { call } from '@/lib/api-client.ts';

export type Decision =
  | { id: string; action: 'approve'; note?: string }
  | { id: string; action: 'reject'; note: string }
  | { id: string; action: 'cancel' };

/**
 * Approves (carrying the request out), rejects with a note, or withdraws one's own request.
 * @throws ApiError FORBIDDEN for one's own request (approve, reject) or another's (cancel); CONFLICT once decided
 */
export function decideApproval(decision: Decision): Promise<ApprovalResponse> {
  const params = { id: decision.id };
  switch (decision.action) {
    case 'approve':
      return call('POST /api/v1/admin/approvals/:id/approve', {
        params,
        body: decision.note ? { note: decision.note } : {},
      });
    case 'reject':
      return call('POST /api/v1/admin/approvals/:id/reject', { params, body: { note: decision.note } });
    case 'cancel':
      return call('POST /api/v1/admin/approvals/:id/cancel', { params });
  }
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    // an approval moves money anywhere in the back office: balances, deposits, purchases, the float
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
