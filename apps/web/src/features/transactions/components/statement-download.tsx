import { useState } from 'react';
import { addDays, daysInRange, isCalendarDate, lagosDateOf } from '@quickvend/shared/periods';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { pathOf } from '@/lib/api-client.ts';

/** The longest period one statement covers (the server's STATEMENT_MAX_DAYS). */
const MAX_DAYS = 366;

/** Why the period cannot be downloaded, in plain words, or null when it can. */
export function periodProblem(from: string, to: string, today: string): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return 'Choose both dates.';
  if (from > to) return 'The first date must be on or before the last date.';
  if (from > today) return 'The first date cannot be in the future.';
  if (daysInRange(from, to) > MAX_DAYS) return `Choose at most ${MAX_DAYS} days.`;
  return null;
}

/**
 * Transactions: the wallet statement of a chosen period as a spreadsheet file, every naira in and out with the
 * balance after each, served by the server as a download (a plain link: nothing is kept in the page).
 */
export function StatementDownload({ now = new Date() }: { now?: Date }) {
  const today = lagosDateOf(now);
  const [from, setFrom] = useState(() => addDays(today, -29));
  const [to, setTo] = useState(today);
  const problem = periodProblem(from, to, today);

  return (
    <details className="rounded-xl border border-gray-200 bg-white p-3">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-gray-900">
        Download statement (CSV)
      </summary>
      <div className="mt-2 flex flex-col gap-3">
        <p className="text-sm text-gray-600">
          Every naira in and out of your wallet, with the balance after each, for any period up to a year.
        </p>
        <div className="grid grid-cols-2 gap-2">
          <Input
            label="From"
            type="date"
            value={from}
            max={today}
            onChange={(event) => {
              setFrom(event.target.value);
            }}
          />
          <Input
            label="To"
            type="date"
            value={to}
            max={today}
            onChange={(event) => {
              setTo(event.target.value);
            }}
          />
        </div>
        {problem ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : (
          <a
            href={pathOf('GET /api/v1/statement.csv', { query: { from, to } })}
            download
            className={buttonClasses.secondary}
          >
            Download statement (CSV)
          </a>
        )}
      </div>
    </details>
  );
}
