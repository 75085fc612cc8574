import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReconciliationDayResponse } from '@quickvend/shared/api/daily-reconciliation';
import { call } from '@/lib/api-client.ts';
import { reconciliationQueryOptions } from './get-reconciliation.ts';
import { reconciliationsQueryOptions } from './get-reconciliations.ts';

export function runReconciliation(day: string): Promise<ReconciliationDayResponse> {
  return call('POST /api/v1/admin/reconciliations/:day/run', { params: { day } });
}

/** Checks a day against VTpass now (again), replacing its result. */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReconciliation,
    onSuccess: (answer) => {
      queryClient.setQueryData(reconciliationQueryOptions(answer.reconciliation.day).queryKey, answer);
    },
    // the answer is the day as it now stands: only the list of days is fetched again
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationsQueryOptions.queryKey }),
  });
}
