import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { adminDisputesKey } from './get-disputes.ts';

export function closeDispute({ id, resolution }: { id: string; resolution: string }) {
  return call('POST /api/v1/admin/disputes/:id/close', {
    params: { id },
    body: {
      resolution,
    },
  });
}

/** Closes a report with what the team found and did; the customer sees it on their receipt. */
export function useCloseDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeDispute,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminDisputesKey }),
        // the admin home counts the open reports from the purchases summary
        queryClient.invalidateQueries({ queryKey: ['admin', 'purchases', 'summary'] }),
      ]),
  });
}
