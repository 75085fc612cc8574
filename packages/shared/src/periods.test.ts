import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInRange,
  formatPeriod,
  isCalendarDate,
  lagosDateOf,
  lagosMidnight,
  periodsBetween,
  periodStartOf,
} from './periods.ts';

describe('the Lagos calendar', () => {
  it.each([
    ['2025-03-09T22:59:59.999Z', '2025-03-09'],
    ['2025-03-09T23:00:00.000Z', '2025-03-10'],
    ['2025-12-31T23:30:00.000Z', '2026-01-01'],
    ['2024-02-28T23:00:00.000Z', '2024-02-29'],
  ])('%s falls on %s in Lagos', (iso, day) => {
    expect(lagosDateOf(new Date(iso))).toBe(day);
  });

  it('starts a Lagos day at 23:00 UTC the day before', () => {
    expect(lagosMidnight('2025-03-10').toISOString()).toBe('2025-03-09T23:00:00.000Z');
    expect(lagosDateOf(lagosMidnight('2025-03-10'))).toBe('2025-03-10');
    expect(lagosDateOf(new Date(lagosMidnight('2025-03-10').getTime() - 1))).toBe('2025-03-09');
  });

  it('knows real dates from look-alikes', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-3-1')).toBe(false);
    expect(isCalendarDate('yesterday')).toBe(false);
  });

  it('counts days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(daysInRange('2025-03-10', '2025-03-10')).toBe(1);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
  });
});

describe('report periods', () => {
  it('names each period by its first date; weeks start on Monday', () => {
    expect(periodStartOf('2025-03-12', 'day')).toBe('2025-03-12');
    expect(periodStartOf('2025-03-12', 'week')).toBe('2025-03-10');
    expect(periodStartOf('2025-03-10', 'week')).toBe('2025-03-10');
    expect(periodStartOf('2025-03-16', 'week')).toBe('2025-03-10');
    expect(periodStartOf('2025-03-31', 'month')).toBe('2025-03-01');
  });

  it('lists every period holding a date of the range', () => {
    expect(periodsBetween('2025-03-09', '2025-03-11', 'day')).toEqual([
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
    ]);
    expect(periodsBetween('2025-03-09', '2025-03-17', 'week')).toEqual([
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
    ]);
    expect(periodsBetween('2024-12-15', '2025-02-01', 'month')).toEqual([
      '2024-12-01',
      '2025-01-01',
      '2025-02-01',
    ]);
  });

  it('reads as a person says it', () => {
    expect(formatPeriod('2025-03-12', 'day')).toBe('12 Mar 2025');
    expect(formatPeriod('2025-03-10', 'week')).toBe('Week of 10 Mar 2025');
    expect(formatPeriod('2025-03-01', 'month')).toBe('Mar 2025');
  });
});
