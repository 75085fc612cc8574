import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispute, DisputeBody } from '@quickvend/shared/api/disputes';
import { api } from '@/lib/api-client.ts';
import { disputeQueryKey } from './get-dispute.ts';

/**
 * `POST /api/v1/purchases/{requestId}/dispute`: "I didn't get it". The server asks the provider again and
 * answers with the report (the same one if it was made before).
 */
export function useReportNotReceived(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisputeBody) =>
      api.post<{ dispute: Dispute }>(`/api/v1/purchases/${encodeURIComponent(requestId)}/dispute`, body),
    onSuccess: ({ dispute }) => {
      queryClient.setQueryData(disputeQueryKey(requestId), dispute);
    },
  });
}
