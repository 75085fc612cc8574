/**
 * Dates and times as QuickVend shows them: every clock is Lagos time (WAT, UTC+1 all year). One place
 * for the server (mails, VTpass request ids) and the web app (receipts, lists).
 */

export const LAGOS_TIME_ZONE = 'Africa/Lagos';

const lagosNumeric = new Intl.DateTimeFormat('en-GB', {
  timeZone: LAGOS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const lagosReadable = new Intl.DateTimeFormat('en-NG', {
  timeZone: LAGOS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const calendarDate = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

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
  const parts = new Map(lagosNumeric.formatToParts(date).map((part) => [part.type, part.value]));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? '00';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
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
  return date === null ? iso : lagosReadable.format(date);
}

/**
 * `6 Feb 2027` from a calendar date (`2027-02-06`, no time of day, so no time zone moves it); anything
 * else, such as a provider's own `02-FEB-27`, is shown as given.
 */
export function formatCalendarDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const date = parseInstant(value.length === 10 ? `${value}T00:00:00Z` : value);
  return date === null ? value : calendarDate.format(date);
}
