import { useId, useState } from 'react';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const controlClasses =
  'min-h-11 w-full rounded-lg border bg-white px-2 py-2 text-base text-gray-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500';

type Parts = { day: string; month: string; year: string };

const partsOf = (value: string): Parts => {
  const [year = '', month = '', day = ''] = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-') : [];
  return { day: day.replace(/^0/, ''), month: month.replace(/^0/, ''), year };
};

/** `YYYY-MM-DD` once all three are chosen, nothing when none is, and otherwise what was given (refused). */
const valueOf = ({ day, month, year }: Parts) =>
  day === '' && month === '' && year === ''
    ? ''
    : `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;

type BirthdayFieldProps = {
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | undefined;
};

/**
 * Day, month by name and year: a phone's date box shows `mm/dd/yyyy` or `dd/mm/yyyy` by its settings, and
 * 05/07 must never be read the wrong way round.
 */
export function BirthdayField({ value, onChange, hint, error }: BirthdayFieldProps) {
  const id = useId();
  const [parts, setParts] = useState(() => partsOf(value));
  const change = (next: Partial<Parts>) => {
    const merged = { ...parts, ...next };
    setParts(merged);
    onChange(valueOf(merged));
  };
  const border = error ? 'border-red-700' : 'border-gray-400';
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={describedBy || undefined}>
      <legend className="mb-1 text-sm font-semibold text-gray-900">Birthday</legend>
      <div className="grid grid-cols-[4.5rem_1fr_5.5rem] gap-2">
        <div className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-day`} className="text-xs text-gray-700">
            Day
          </label>
          <select
            id={`${id}-day`}
            value={parts.day}
            aria-invalid={error ? true : undefined}
            className={`${controlClasses} ${border}`}
            onChange={(event) => {
              change({ day: event.target.value });
            }}
          >
            <option value="">–</option>
            {Array.from({ length: 31 }, (_, index) => String(index + 1)).map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-month`} className="text-xs text-gray-700">
            Month
          </label>
          <select
            id={`${id}-month`}
            value={parts.month}
            aria-invalid={error ? true : undefined}
            className={`${controlClasses} ${border}`}
            onChange={(event) => {
              change({ month: event.target.value });
            }}
          >
            <option value="">–</option>
            {MONTHS.map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-year`} className="text-xs text-gray-700">
            Year
          </label>
          <input
            id={`${id}-year`}
            type="text"
            inputMode="numeric"
            autoComplete="bday-year"
            maxLength={4}
            placeholder="1990"
            value={parts.year}
            aria-invalid={error ? true : undefined}
            className={`${controlClasses} ${border} placeholder:text-gray-500`}
            onChange={(event) => {
              change({ year: event.target.value.replace(/\D/g, '').slice(0, 4) });
            }}
          />
        </div>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="text-sm font-medium text-red-700" aria-live="polite">
        {error ?? ''}
      </p>
    </fieldset>
  );
}
