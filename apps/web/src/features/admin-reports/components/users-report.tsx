import { formatPeriod } from '@quickvend/shared/periods';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useUsersReport } from '../api/get-users-report.ts';
import { reportCsvUrl, type ReportParams } from '@/lib/api/admin/report-params.ts';
import { BarChart } from './bar-chart.tsx';
import { CsvLink, ReportSection, Stat } from './report-parts.tsx';
import { SortableTable } from './sortable-table.tsx';
import { errorLine } from '@/lib/form-errors.ts';

type Row = { key: string; start: string | null; newUsers: number };

const count = (value: number) => value.toLocaleString('en-NG');

/** Customers who signed up, per period. */
export function UsersReportSection({ params }: { params: ReportParams }) {
  const report = useUsersReport(params);
  const data = report.data;
  return (
    <ReportSection
      id="new-customers"
      title="New customers"
      action={<CsvLink href={reportCsvUrl('users', params)} label="Download new customers CSV" />}
    >
      {report.isError ? <StatusMessage message={errorLine(report.error)} tone="error" /> : null}
      {data ? (
        <div className="flex flex-col gap-4" aria-busy={report.isFetching}>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
            <Stat label="New customers" value={count(data.totals.newUsers)} />
          </dl>
          <BarChart
            title={`New customers per ${data.period}`}
            labels={data.periods.map((p) => formatPeriod(p.start, data.period))}
            series={[
              {
                name: 'New customers',
                colour: 'fill-sky-600 bg-sky-600',
                values: data.periods.map((p) => p.newUsers),
              },
            ]}
            format={count}
          />
          <details>
            <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-800">
              New customers per {data.period}, as a table
            </summary>
            <SortableTable<Row>
              caption={`New customers per ${data.period}`}
              columns={[
                {
                  key: 'start',
                  header: 'Period',
                  isNowrap: true,
                  sortValue: (row) => row.start ?? '',
                  render: (row) => (row.start ? formatPeriod(row.start, data.period) : 'Total'),
                },
                {
                  key: 'newUsers',
                  header: 'New customers',
                  isNumeric: true,
                  sortValue: (row) => row.newUsers,
                  render: (row) => count(row.newUsers),
                },
              ]}
              rows={data.periods.map((row) => ({ ...row, key: row.start }))}
              rowKey={(row) => row.key}
              footer={{ key: 'total', start: null, newUsers: data.totals.newUsers }}
            />
          </details>
        </div>
      ) : report.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : null}
    </ReportSection>
  );
}
