import { lagosClock, lazyFormat } from './format.ts';

/**
 * Report periods on the Lagos calendar. A calendar date is `YYYY-MM-DD` as a clock in Lagos shows it; a
 * period is named by the date it starts on: the day itself, the Monday of its week, the 1st of its month.
 */

export const reportPeriods = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

export const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

// Lagos keeps WAT (UTC+1) all year
const LAGOS_OFFSET_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

const utcDate = (day: string) => new Date(`${day}T00:00:00Z`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Whether `value` is a real calendar date (`2025-02-30` is not). */
export function isCalendarDate(value: string): boolean {
  if (!CALENDAR_DATE.test(value)) return false;
  const date = utcDate(value);
  return !Number.isNaN(date.getTime()) && isoDay(date) === value;
}

/** The Lagos calendar date of an instant: 23:30 UTC is already the next day in Lagos. */
export function lagosDateOf(instant: Date): string {
  const { year, month, day } = lagosClock(instant);
  return `${year}-${month}-${day}`;
}

/** The instant a Lagos calendar date begins (midnight in Lagos, 23:00 UTC the day before). */
export function lagosMidnight(day: string): Date {
  return new Date(utcDate(day).getTime() - LAGOS_OFFSET_MS);
}

export function addDays(day: string, days: number): string {
  return isoDay(new Date(utcDate(day).getTime() + days * DAY_MS));
}

/** Days from `from` to `to`, counting both: the same date is 1. */
export function daysInRange(from: string, to: string): number {
  return Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / DAY_MS) + 1;
}

/** The period a calendar date falls in, named by its first date. Weeks start on Monday. */
export function periodStartOf(day: string, period: ReportPeriod): string {
  switch (period) {
    case 'day':
      return day;
    case 'week': {
      const weekday = (utcDate(day).getUTCDay() + 6) % 7;
      return addDays(day, -weekday);
    }
    case 'month':
      return `${day.slice(0, 7)}-01`;
  }
}

/** The first date of the period after the one starting on `start`. */
function nextPeriodStart(start: string, period: ReportPeriod): string {
  switch (period) {
    case 'day':
      return addDays(start, 1);
    case 'week':
      return addDays(start, 7);
    case 'month': {
      const date = utcDate(start);
      return isoDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
    }
  }
}

/** Every period that holds a date from `from` to `to` (both counted), in order, by first date. */
export function periodsBetween(from: string, to: string, period: ReportPeriod): string[] {
  const starts: string[] = [];
  for (let start = periodStartOf(from, period); start <= to; start = nextPeriodStart(start, period)) {
    starts.push(start);
  }
  return starts;
}

const monthYear = lazyFormat(
  () => new Intl.DateTimeFormat('en-NG', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
const dayMonthYear = lazyFormat(
  () =>
    new Intl.DateTimeFormat('en-NG', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/** `12 Mar 2025`, `Week of 10 Mar 2025`, `Mar 2025`: a period as a person reads it. */
export function formatPeriod(start: string, period: ReportPeriod): string {
  const date = utcDate(start);
  switch (period) {
    case 'day':
      return dayMonthYear().format(date);
    case 'week':
      return `Week of ${dayMonthYear().format(date)}`;
    case 'month':
      return monthYear().format(date);
  }
}
