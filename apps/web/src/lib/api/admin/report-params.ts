import type { ReportGrouping } from '@quickvend/shared/api/reports';
import type { ReportPeriod } from '@quickvend/shared/periods';

/** What a report page asks for: the Lagos calendar days, both counted, the period and the grouping. */
export type ReportParams = {
  from: string;
  to: string;
  period: ReportPeriod;
  groupBy?: ReportGrouping | undefined;
};

export type ReportName = 'sales' | 'fundings' | 'users' | 'profit-and-loss';

function queryOf(name: ReportName, params: ReportParams): string {
  const query = new URLSearchParams({ from: params.from, to: params.to, period: params.period });
  if (name === 'sales' && params.groupBy) query.set('groupBy', params.groupBy);
  return query.toString();
}

export const reportUrl = (name: ReportName, params: ReportParams) =>
  `/api/v1/admin/reports/${name}?${queryOf(name, params)}`;

/** The same report as a CSV download: a plain link, the browser sends the session cookie. */
export const reportCsvUrl = (name: ReportName, params: ReportParams) =>
  `/api/v1/admin/reports/${name}.csv?${queryOf(name, params)}`;
