import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisputeBody } from '@quickvend/shared/api/disputes';
import { call } from '@/lib/api-client.ts';
import { disputeQueryKey } from './get-dispute.ts';

/**
 * `POST /api/v1/purchases/{requestId}/dispute`: "I didn't get it". The server asks the provider again and
 * answers with the report (the same one if it was made before).
 */
export function reportNotReceived(requestId: string, body: DisputeBody) {
  return call('POST /api/v1/purchases/:requestId/dispute', { params: { requestId }, body });
}

export function useReportNotReceived(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisputeBody) => reportNotReceived(requestId, body),
    onSuccess: ({ dispute }) => {
      queryClient.setQueryData(disputeQueryKey(requestId), dispute);
    },
  });
}
