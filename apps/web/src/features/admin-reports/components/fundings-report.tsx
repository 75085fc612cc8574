import type { FundingFigures, FundingMethod } from '@quickvend/shared/api/reports';
import { formatNaira } from '@quickvend/shared/money';
import { formatPeriod, type ReportPeriod } from '@quickvend/shared/periods';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useFundingsReport } from '../api/get-fundings-report.ts';
import { reportCsvUrl, type ReportParams } from '@/lib/api/admin/report-params.ts';
import { CsvLink, ReportSection } from './report-parts.tsx';
import { SortableTable, type Column } from './sortable-table.tsx';
import { errorLine } from '@/lib/form-errors.ts';

const METHOD_LABELS: Record<FundingMethod, string> = {
  card: 'Card',
  transfer: 'Bank transfer',
  manual: 'Manual deposit',
};

type Row = FundingFigures & { key: string; start: string | null; method: FundingMethod | null };

function columnsFor(period: ReportPeriod, withPeriod: boolean): Column<Row>[] {
  const money = (key: keyof Omit<FundingFigures, 'count'>, header: string): Column<Row> => ({
    key,
    header,
    isNumeric: true,
    sortValue: (row) => row[key],
    render: (row) => formatNaira(row[key]),
  });
  return [
    ...(withPeriod
      ? [
          {
            key: 'start',
            header: 'Period',
            isNowrap: true,
            sortValue: (row: Row) => row.start ?? '',
            render: (row: Row) => (row.start ? formatPeriod(row.start, period) : 'Total'),
          },
        ]
      : []),
    {
      key: 'method',
      header: 'Method',
      sortValue: (row) => (row.method ? METHOD_LABELS[row.method] : ''),
      render: (row) => (row.method ? METHOD_LABELS[row.method] : withPeriod ? '' : 'All methods'),
    },
    {
      key: 'count',
      header: 'Fundings',
      isNumeric: true,
      sortValue: (row) => row.count,
      render: (row) => row.count.toLocaleString('en-NG'),
    },
    money('amountKobo', 'Paid'),
    money('creditedKobo', 'Credited'),
    money('chargesKobo', 'Our charges'),
    money('gatewayFeesKobo', 'Gateway fees'),
  ];
}

/** Money paid into wallets, by card, transfer and manual deposit, with what each way costs or earns. */
export function FundingsReportSection({ params }: { params: ReportParams }) {
  const report = useFundingsReport(params);
  const data = report.data;
  const total = data ? { ...data.totals, key: 'total', start: null, method: null } : undefined;
  return (
    <ReportSection
      id="fundings"
      title="Fundings"
      action={<CsvLink href={reportCsvUrl('fundings', params)} label="Download fundings CSV" />}
    >
      {report.isError ? <StatusMessage message={errorLine(report.error)} tone="error" /> : null}
      {data ? (
        <div className="flex flex-col gap-4" aria-busy={report.isFetching}>
          <SortableTable
            caption="Fundings by method"
            columns={columnsFor(data.period, false)}
            rows={data.totalsByMethod.map((row) => ({ ...row, key: row.method, start: null }))}
            rowKey={(row) => row.key}
            footer={total}
          />
          <SortableTable
            caption={`Fundings per ${data.period} and method`}
            columns={columnsFor(data.period, true)}
            rows={data.methods.map((row) => ({ ...row, key: `${row.start}-${row.method}` }))}
            rowKey={(row) => row.key}
            footer={total}
            empty="No fundings in this range."
          />
        </div>
      ) : report.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : null}
    </ReportSection>
  );
}
