import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FundingsReport } from '@quickvend/shared/api/reports';
import { call } from '@/lib/api-client.ts';
import { reportQueryOf, type ReportParams } from '@/lib/api/admin/report-params.ts';

export function getFundingsReport(params: ReportParams, signal?: AbortSignal): Promise<FundingsReport> {
  return call('GET /api/v1/admin/reports/fundings', { query: reportQueryOf('fundings', params), signal });
}

export const fundingsReportQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'fundings', params] as const,
    queryFn: ({ signal }) => getFundingsReport(params, signal),
  });

/** Money paid into wallets per period and method, with our charges and the gateway's fees. */
export function useFundingsReport(params: ReportParams) {
  return useQuery({ ...fundingsReportQueryOptions(params), placeholderData: keepPreviousData });
}
