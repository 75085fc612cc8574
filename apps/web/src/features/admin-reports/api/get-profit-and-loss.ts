import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfitAndLossReport } from '@quickvend/shared/api/reports';
import { call } from '@/lib/api-client.ts';
import { reportQueryOf, type ReportParams } from '@/lib/api/admin/report-params.ts';

export function getProfitAndLoss(params: ReportParams, signal?: AbortSignal): Promise<ProfitAndLossReport> {
  return call('GET /api/v1/admin/reports/profit-and-loss', {
    query: reportQueryOf('profit-and-loss', params),
    signal,
  });
}

export const profitAndLossQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'profit-and-loss', params] as const,
    queryFn: ({ signal }) => getProfitAndLoss(params, signal),
  });

/** The range's profit, line by line, from the ledger; the last answer stays while the next loads. */
export function useProfitAndLoss(params: ReportParams) {
  return useQuery({ ...profitAndLossQueryOptions(params), placeholderData: keepPreviousData });
}
