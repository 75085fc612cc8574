import { useState } from 'react';
import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS, type ReportGrouping } from '@quickvend/shared/api/reports';
import {
  addDays,
  daysInRange,
  isCalendarDate,
  lagosDateOf,
  reportPeriods,
  type ReportPeriod,
} from '@quickvend/shared/periods';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import type { ReportParams } from '@/lib/api/admin/report-params.ts';

const PERIOD_LABELS: Record<ReportPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** The report the address asks for, or the last 30 days by day up to today in Lagos. */
export function reportParamsOf(search: URLSearchParams, today: string): ReportParams {
  const to = search.get('to') ?? '';
  const from = search.get('from') ?? '';
  const period = search.get('period') ?? '';
  const groupBy = search.get('groupBy');
  const end = isCalendarDate(to) ? to : today;
  return {
    from: isCalendarDate(from) && from <= end ? from : addDays(end, -(DEFAULT_REPORT_DAYS - 1)),
    to: end,
    period: (reportPeriods as readonly string[]).includes(period) ? (period as ReportPeriod) : 'day',
    groupBy: groupBy === 'service' || groupBy === 'channel' ? groupBy : undefined,
  };
}

/** The 1st of the month `months` before the month of `day`. */
function firstOfMonthBefore(day: string, months: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** Why a range cannot be reported, or null. */
function rangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!isCalendarDate(from)) return { field: 'from', message: 'Choose a start date.' };
  if (!isCalendarDate(to)) return { field: 'to', message: 'Choose an end date.' };
  if (from > to) return { field: 'to', message: 'The end date must be on or after the start date.' };
  if (daysInRange(from, to) > MAX_REPORT_DAYS)
    return { field: 'to', message: `Choose a range of at most ${MAX_REPORT_DAYS} days.` };
  return null;
}

type ReportFiltersProps = { params: ReportParams; onChange: (params: ReportParams) => void };

/** Range, period and grouping; a quick range or a change of period shows at once, dates on Show. */
export function ReportFilters({ params, onChange }: ReportFiltersProps) {
  const [from, setFrom] = useState(params.from);
  const [to, setTo] = useState(params.to);
  const [problem, setProblem] = useState<ReturnType<typeof rangeProblem>>(null);
  const today = lagosDateOf(new Date());

  const show = (next: Partial<ReportParams>) => {
    const merged = { ...params, from, to, ...next };
    const found = rangeProblem(merged.from, merged.to);
    setProblem(found);
    if (found) return;
    setFrom(merged.from);
    setTo(merged.to);
    onChange(merged);
  };
  const quick = [
    { label: 'Today', from: today, to: today },
    { label: 'Last 7 days', from: addDays(today, -6), to: today },
    { label: 'Last 30 days', from: addDays(today, -29), to: today },
    { label: 'This month', from: `${today.slice(0, 7)}-01`, to: today },
    { label: 'Last 12 months', from: firstOfMonthBefore(today, 11), to: today },
  ];

  return (
    <form
      aria-label="Report range"
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        show({});
      }}
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5 lg:items-start">
        <Input
          label="From"
          type="date"
          value={from}
          max={today}
          onChange={(event) => {
            setFrom(event.target.value);
          }}
          error={problem?.field === 'from' ? problem.message : undefined}
        />
        <Input
          label="To"
          type="date"
          value={to}
          onChange={(event) => {
            setTo(event.target.value);
          }}
          error={problem?.field === 'to' ? problem.message : undefined}
        />
        <Select
          label="Period"
          value={params.period}
          onChange={(event) => {
            show({ period: event.target.value as ReportPeriod });
          }}
        >
          {reportPeriods.map((period) => (
            <option key={period} value={period}>
              {PERIOD_LABELS[period]}
            </option>
          ))}
        </Select>
        <Select
          label="Group sales by"
          value={params.groupBy ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            show({ groupBy: value === '' ? undefined : (value as ReportGrouping) });
          }}
        >
          <option value="">Nothing</option>
          <option value="service">Service</option>
          <option value="channel">Channel (web or API)</option>
        </Select>
        <Button type="submit" className="col-span-2 self-end lg:col-span-1 lg:mt-6">
          Show
        </Button>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Quick ranges">
        {quick.map((range) => (
          <button
            key={range.label}
            type="button"
            aria-pressed={params.from === range.from && params.to === range.to}
            onClick={() => {
              show({ from: range.from, to: range.to });
            }}
            className="min-h-11 rounded-full border border-gray-300 px-3 text-sm text-gray-800 hover:border-brand-600 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
          >
            {range.label}
          </button>
        ))}
      </div>
    </form>
  );
}
