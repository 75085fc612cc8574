import type { ReportGrouping } from '@quickvend/shared/api/reports';
import type { ReportPeriod } from '@quickvend/shared/periods';
import { pathOf } from '@/lib/api-client.ts';

/** What a report page asks for: the Lagos calendar days, both counted, the period and the grouping. */
export type ReportParams = {
  from: string;
  to: string;
  period: ReportPeriod;
  groupBy?: ReportGrouping | undefined;
};

export type ReportName = 'sales' | 'fundings' | 'users' | 'profit-and-loss';

/** A report's query: the grouping only for sales, the one report that groups. */
export function reportQueryOf(name: ReportName, params: ReportParams) {
  const { from, to, period } = params;
  return name === 'sales' && params.groupBy
    ? { from, to, period, groupBy: params.groupBy }
    : { from, to, period };
}

/** The same report as a CSV download: a plain link, the browser sends the session cookie. */
export const reportCsvUrl = (name: ReportName, params: ReportParams) =>
  pathOf(`GET /api/v1/admin/reports/${name}.csv`, { query: reportQueryOf(name, params) });
