import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NccDailyReport } from '@quickvend/shared/api/ncc-report';
import { call, pathOf } from '@/lib/api-client.ts';

export function getNccDailyReport(date: string, signal?: AbortSignal): Promise<NccDailyReport> {
  return call('GET /api/v1/admin/reports/ncc-daily', { query: { date }, signal });
}

export const nccDailyReportQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'ncc-daily', date] as const,
    queryFn: ({ signal }) => getNccDailyReport(date, signal),
  });

/** One Lagos day's outcomes, refund times, overdue purchases and outages per service and provider. */
export function useNccDailyReport(date: string) {
  return useQuery({ ...nccDailyReportQueryOptions(date), placeholderData: keepPreviousData });
}

/** The same day as a CSV download: a plain link, the browser sends the session cookie. */
export const nccDailyCsvUrl = (date: string) =>
  pathOf('GET /api/v1/admin/reports/ncc-daily.csv', { query: { date } });
