import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersReport } from '@quickvend/shared/api/reports';
import { call } from '@/lib/api-client.ts';
import { reportQueryOf, type ReportParams } from '@/lib/api/admin/report-params.ts';

export function getUsersReport(params: ReportParams, signal?: AbortSignal): Promise<UsersReport> {
  return call('GET /api/v1/admin/reports/users', { query: reportQueryOf('users', params), signal });
}

export const usersReportQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'users', params] as const,
    queryFn: ({ signal }) => getUsersReport(params, signal),
  });

/** Customers who signed up in each period. */
export function useUsersReport(params: ReportParams) {
  return useQuery({ ...usersReportQueryOptions(params), placeholderData: keepPreviousData });
}
