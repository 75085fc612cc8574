import { useState } from 'react';
import type { NccDailyFigures, NccDailyRow } from '@quickvend/shared/api/ncc-report';
import { formatCalendarDate, formatLagosDateTime } from '@quickvend/shared/format';
import { nccReportTexts } from '@quickvend/shared/messages/ncc-report';
import { bpsAsPercent, formatNaira } from '@quickvend/shared/money';
import { addDays, isCalendarDate, lagosDateOf } from '@quickvend/shared/periods';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { errorLine } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { Link, useSearchParams } from '@/lib/router/index.ts';
import { nccDailyCsvUrl, useNccDailyReport } from '../api/get-ncc-daily-report.ts';
import { CsvLink, ReportSection, Stat } from './report-parts.tsx';
import { SortableTable, type Column } from './sortable-table.tsx';

type Row = NccDailyFigures & { key: string; service: string; provider: string };

const count = (value: number) => value.toLocaleString('en-NG');
const share = (bps: number | null) => (bps === null ? '–' : `${bpsAsPercent(bps)}%`);
/** `12.5 s` from milliseconds, to the tenth */
const seconds = (ms: number | null) =>
  ms === null ? '–' : `${Math.trunc(ms / 1000)}.${Math.trunc((ms % 1000) / 100)} s`;

const numeric = (key: keyof NccDailyFigures, header: string, render?: (row: Row) => string): Column<Row> => ({
  key,
  header,
  isNumeric: true,
  sortValue: (row) => row[key] ?? -1,
  render: render ?? ((row) => count(row[key] as number)),
});

const COLUMNS: readonly Column<Row>[] = [
  { key: 'service', header: 'Service', sortValue: (row) => row.service, render: (row) => row.service },
  { key: 'provider', header: 'Provider', sortValue: (row) => row.provider, render: (row) => row.provider },
  numeric('purchases', 'Purchases'),
  numeric('delivered', 'Delivered'),
  numeric('failed', 'Failed'),
  numeric('refunded', 'Refunded'),
  numeric('refundedKobo', 'Refunded (₦)', (row) => formatNaira(row.refundedKobo)),
  numeric('medianRefundMs', 'Median refund time', (row) => seconds(row.medianRefundMs)),
  numeric('refundedWithin30sBps', 'Refunded within 30 s', (row) => share(row.refundedWithin30sBps)),
  numeric('pending', 'Pending now'),
  numeric('pendingOver24h', 'Pending over 24 h'),
  numeric('moved', 'Moved to another provider'),
  numeric('outages', 'Outages'),
  numeric('outageMinutes', 'Outage minutes'),
  numeric('refusedDuringOutages', 'Refused during outages'),
];

const rowOf = (row: NccDailyRow): Row => ({
  ...row,
  key: `${row.serviceId}:${row.provider ?? 'all'}`,
  service: row.serviceName,
  provider: row.providerName,
});

/**
 * The daily report the NCC–CBN framework asks for: one Lagos day, per service and provider, with the CSV that
 * is also mailed to the admins each night.
 */
export function DailyServiceReportPage() {
  const [search, setSearch] = useSearchParams();
  const today = lagosDateOf(new Date());
  const asked = search.get('date') ?? '';
  const date = isCalendarDate(asked) && asked <= today ? asked : addDays(today, -1);
  const [picked, setPicked] = useState(date);
  const [problem, setProblem] = useState<string | null>(null);
  const report = useNccDailyReport(date);
  const data = report.data;

  const show = (day: string) => {
    const found = !isCalendarDate(day) ? 'Choose a day.' : day > today ? nccReportTexts.futureDate : null;
    setProblem(found);
    if (found) return;
    setPicked(day);
    setSearch(new URLSearchParams({ date: day }), { replace: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <title>{`${nccReportTexts.title} · Admin · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-col gap-1">
        <Link to={paths.adminReports} className="text-sm font-semibold text-brand-800 underline">
          All reports
        </Link>
        <h1 className="text-2xl font-bold text-gray-900">{nccReportTexts.title}</h1>
        <p className="text-sm text-gray-700">
          What the NCC–CBN framework on failed purchases asks for, per service and provider, for one Lagos
          day. A purchase counts on the day it was made, at the provider that has it now. It is mailed to
          every admin at 01:00 for the day before.
        </p>
      </div>
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          show(picked);
        }}
      >
        <Input
          label="Day"
          type="date"
          value={picked}
          max={today}
          error={problem ?? undefined}
          onChange={(event) => {
            setPicked(event.target.value);
          }}
        />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      <ReportSection
        id="daily-service"
        title={formatCalendarDate(date)}
        action={<CsvLink href={nccDailyCsvUrl(date)} label="Download CSV" />}
      >
        {report.isError ? <StatusMessage message={errorLine(report.error)} tone="error" /> : null}
        {data ? (
          <div className="flex flex-col gap-4" aria-busy={report.isFetching}>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
              <Stat label="Purchases" value={count(data.totals.purchases)} />
              <Stat label="Delivered" value={count(data.totals.delivered)} />
              <Stat
                label="Failed and refunded"
                value={count(data.totals.refunded)}
                note={formatNaira(data.totals.refundedKobo)}
              />
              <Stat
                label="Refunded within 30 s"
                value={share(data.totals.refundedWithin30sBps)}
                note={`median ${seconds(data.totals.medianRefundMs)}`}
              />
              <Stat label="Pending over 24 h" value={count(data.totals.pendingOver24h)} />
              <Stat
                label="Outages"
                value={count(data.totals.outages)}
                note={`${count(data.totals.outageMinutes)} min`}
              />
            </dl>
            <SortableTable<Row>
              caption={`${nccReportTexts.title} for ${formatCalendarDate(data.date)}, per service and provider`}
              columns={COLUMNS}
              rows={data.rows.map(rowOf)}
              rowKey={(row) => row.key}
              footer={{ ...data.totals, key: 'total', service: 'Total', provider: '' }}
              empty="No purchases and no outages on this day."
            />
            <p className="text-xs text-gray-600">
              Made {formatLagosDateTime(data.generatedAt)} (Lagos time).
            </p>
          </div>
        ) : report.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : null}
      </ReportSection>
    </div>
  );
}
