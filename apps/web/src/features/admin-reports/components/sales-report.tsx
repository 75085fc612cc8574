import type { SalesFigures, SalesReport } from '@quickvend/shared/api/reports';
import { formatNaira } from '@quickvend/shared/money';
import { formatPeriod } from '@quickvend/shared/periods';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { formatBps } from '@/lib/format.ts';
import { useSalesReport } from '@/lib/api/admin/get-sales-report.ts';
import { reportCsvUrl, type ReportParams } from '@/lib/api/admin/report-params.ts';
import { BarChart } from './bar-chart.tsx';
import { CsvLink, ReportSection, Stat } from './report-parts.tsx';
import { SortableTable, type Column } from './sortable-table.tsx';
import { errorLine } from '@/lib/form-errors.ts';

type Row = SalesFigures & { key: string; start: string | null; label: string | null };

const rate = (bps: number | null) => (bps === null ? '–' : formatBps(bps));

function columnsFor(report: SalesReport): Column<Row>[] {
  const money = (key: 'salesKobo' | 'costKobo' | 'marginKobo' | 'refundsKobo', header: string) => ({
    key,
    header,
    isNumeric: true,
    sortValue: (row: Row) => row[key],
    render: (row: Row) => (
      <span className={key === 'marginKobo' && row.marginKobo < 0 ? 'text-red-700' : ''}>
        {formatNaira(row[key])}
      </span>
    ),
  });
  const count = (key: 'purchases' | 'delivered' | 'failed' | 'pending', header: string) => ({
    key,
    header,
    isNumeric: true,
    sortValue: (row: Row) => row[key],
    render: (row: Row) => row[key].toLocaleString('en-NG'),
  });
  return [
    {
      key: 'start',
      header: 'Period',
      isNowrap: true,
      sortValue: (row) => row.start ?? '',
      render: (row) => (row.start ? formatPeriod(row.start, report.period) : 'Total'),
    },
    ...(report.groupBy
      ? [
          {
            key: 'group',
            header: report.groupBy === 'service' ? 'Service' : 'Channel',
            sortValue: (row: Row) => row.label ?? '',
            render: (row: Row) => row.label ?? '',
          },
        ]
      : []),
    count('purchases', 'Purchases'),
    count('delivered', 'Delivered'),
    count('failed', 'Failed'),
    count('pending', 'Pending'),
    money('salesKobo', 'Sales'),
    money('costKobo', 'Cost'),
    money('marginKobo', 'Margin'),
    money('refundsKobo', 'Refunds'),
    {
      key: 'failureRateBps',
      header: 'Failure rate',
      isNumeric: true,
      sortValue: (row) => row.failureRateBps ?? -1,
      render: (row) => rate(row.failureRateBps),
    },
  ];
}

function rowsOf(report: SalesReport): Row[] {
  return report.groupBy
    ? report.groups.map((row) => ({ ...row, key: `${row.start}-${row.group}` }))
    : report.periods.map((row) => ({ ...row, key: row.start, label: null }));
}

/** Sales, cost and margin with the purchases' outcomes, per period and, when asked, per service or channel. */
export function SalesReportSection({ params }: { params: ReportParams }) {
  const report = useSalesReport(params);
  const data = report.data;
  return (
    <ReportSection
      id="sales"
      title="Sales"
      action={<CsvLink href={reportCsvUrl('sales', params)} label="Download sales CSV" />}
    >
      {report.isError ? <StatusMessage message={errorLine(report.error)} tone="error" /> : null}
      {data ? (
        <div className="flex flex-col gap-4" aria-busy={report.isFetching}>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
            <Stat label="Sales" value={formatNaira(data.totals.salesKobo)} />
            <Stat label="Margin" value={formatNaira(data.totals.marginKobo)} />
            <Stat label="Cost" value={formatNaira(data.totals.costKobo)} />
            <Stat label="Refunds" value={formatNaira(data.totals.refundsKobo)} />
            <Stat
              label="Purchases"
              value={data.totals.purchases.toLocaleString('en-NG')}
              note={`${data.totals.pending.toLocaleString('en-NG')} pending`}
            />
            <Stat label="Failure rate" value={rate(data.totals.failureRateBps)} />
          </dl>
          <BarChart
            title={`Sales and margin per ${data.period}, ${formatPeriod(data.from, 'day')} to ${formatPeriod(data.to, 'day')}`}
            labels={data.periods.map((p) => formatPeriod(p.start, data.period))}
            series={[
              {
                name: 'Sales',
                colour: 'fill-brand-600 bg-brand-600',
                values: data.periods.map((p) => p.salesKobo),
              },
              {
                name: 'Margin',
                colour: 'fill-amber-500 bg-amber-500',
                values: data.periods.map((p) => p.marginKobo),
              },
            ]}
            format={formatNaira}
          />
          <SortableTable
            caption={`Sales per ${data.period}${data.groupBy ? ` and ${data.groupBy}` : ''}`}
            columns={columnsFor(data)}
            rows={rowsOf(data)}
            rowKey={(row) => row.key}
            footer={{ ...data.totals, key: 'total', start: null, label: null }}
            empty="No purchases in this range."
          />
        </div>
      ) : report.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : null}
    </ReportSection>
  );
}
