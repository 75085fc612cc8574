import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReconciliationDayResponse } from '@quickvend/shared/api/daily-reconciliation';
import { call } from '@/lib/api-client.ts';
import { reconciliationQueryOptions } from './get-reconciliation.ts';
import { reconciliationsQueryOptions } from './get-reconciliations.ts';

export function requeryDifference(day: string, purchaseId: string): Promise<ReconciliationDayResponse> {
  return call('POST /api/v1/admin/reconciliations/:day/purchases/:purchaseId/requery', {
    params: { day, purchaseId },
  });
}

/** Asks VTpass again about one purchase among a day's differences; the day comes back as it now stands. */
export function useRequeryDifference(day: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: string) => requeryDifference(day, purchaseId),
    onSuccess: (answer) => {
      queryClient.setQueryData(reconciliationQueryOptions(day).queryKey, answer);
    },
    // the answer is the day as it now stands: only the list of days is fetched again
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationsQueryOptions.queryKey }),
  });
}
