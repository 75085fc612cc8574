import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesReport } from '@quickvend/shared/api/reports';
import { call } from '@/lib/api-client.ts';
import { reportQueryOf, type ReportParams } from './report-params.ts';

export function getSalesReport(params: ReportParams, signal?: AbortSignal): Promise<SalesReport> {
  return call('GET /api/v1/admin/reports/sales', { query: reportQueryOf('sales', params), signal });
}

export const salesReportQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'sales', params] as const,
    queryFn: ({ signal }) => getSalesReport(params, signal),
  });

/** Sales, cost, margin, refunds and outcomes per period; the last answer stays while the next loads. */
export function useSalesReport(params: ReportParams) {
  return useQuery({ ...salesReportQueryOptions(params), placeholderData: keepPreviousData });
}
