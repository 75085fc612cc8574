/**
 * Dates and times as QuickVend shows them: every clock is Lagos time (WAT, UTC+1 all year). One place
 * for the server (mails, VTpass request ids) and the web app (receipts, lists).
 */

export const LAGOS_TIME_ZONE = 'Africa/Lagos';

// Lagos has kept West Africa Time (UTC+1) all year, without daylight saving, since 1919: its clock is the UTC
// clock an hour on. Arithmetic, because this runs for every VTpass request id (Intl's formatToParts is costly).
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** A formatter made on first use: building one loads ICU's locale data, tens of ms on a cheap phone. */
export function lazyFormat<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const lagosReadable = lazyFormat(
  () =>
    new Intl.DateTimeFormat('en-NG', {
      timeZone: LAGOS_TIME_ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }),
);

const calendarDate = lazyFormat(
  () =>
    new Intl.DateTimeFormat('en-NG', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

export type LagosClock = {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
};

/** The calendar and clock of an instant as a clock in Lagos shows it, each part zero-padded. */
export function lagosClock(date: Date): LagosClock {
  const lagos = new Date(date.getTime() + LAGOS_OFFSET_MS);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    year: String(lagos.getUTCFullYear()).padStart(4, '0'),
    month: pad(lagos.getUTCMonth() + 1),
    day: pad(lagos.getUTCDate()),
    hour: pad(lagos.getUTCHours()),
    minute: pad(lagos.getUTCMinutes()),
    second: pad(lagos.getUTCSeconds()),
  };
}

function parseInstant(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2025-03-12 14:05:09`: the spec's transaction date format (`yyyy-LL-dd HH:mm:ss`), in Lagos time. */
export function formatLagosTimestamp(iso: string): string {
  const date = parseInstant(iso);
  if (date === null) return iso;
  const { year, month, day, hour, minute, second } = lagosClock(date);
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

/** `202503121405` (`yyyyMMddHHmm` in Lagos): the timestamp VTpass requires at the start of a request_id. */
export function formatLagosMinuteStamp(date: Date): string {
  const { year, month, day, hour, minute } = lagosClock(date);
  return `${year}${month}${day}${hour}${minute}`;
}

/** `12 Mar 2025, 14:05`: a server timestamp as a clock in Lagos shows it, for reading. */
export function formatLagosDateTime(iso: string): string {
  const date = parseInstant(iso);
  return date === null ? iso : lagosReadable().format(date);
}

/**
 * `6 Feb 2027` from a calendar date (`2027-02-06`, no time of day, so no time zone moves it); anything
 * else, such as a provider's own `02-FEB-27`, is shown as given.
 */
export function formatCalendarDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const date = parseInstant(value.length === 10 ? `${value}T00:00:00Z` : value);
  return date === null ? value : calendarDate().format(date);
}
