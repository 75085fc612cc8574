import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatLagosDateTime,
  formatLagosMinuteStamp,
  formatLagosTimestamp,
  lagosClock,
} from './format.ts';

describe('Lagos time (UTC+1, no daylight saving)', () => {
  it.each([
    ['2026-11-21T22:59:59Z', '2026-11-21 23:59:59', '202611212359', '21 Nov 2026, 23:59'],
    ['2026-11-21T23:00:00Z', '2026-11-22 00:00:00', '202611220000', '22 Nov 2026, 00:00'],
    ['2026-12-31T23:30:00Z', '2027-01-01 00:30:00', '202701010030', '1 Jan 2027, 00:30'],
    ['2024-02-28T23:15:00Z', '2024-02-29 00:15:00', '202402290015', '29 Feb 2024, 00:15'],
    ['2026-06-15T11:05:00.999Z', '2026-06-15 12:05:00', '202606151205', '15 Jun 2026, 12:05'],
  ])('%s is %s in Lagos', (iso, timestamp, minuteStamp, readable) => {
    expect(formatLagosTimestamp(iso)).toBe(timestamp);
    expect(formatLagosMinuteStamp(new Date(iso))).toBe(minuteStamp);
    expect(formatLagosDateTime(iso)).toBe(readable);
  });

  it('pads every part of the clock', () => {
    expect(lagosClock(new Date('2025-03-02T03:04:05Z'))).toEqual({
      year: '2025',
      month: '03',
      day: '02',
      hour: '04',
      minute: '04',
      second: '05',
    });
  });

  it("reads every instant as the time zone database's Africa/Lagos clock does", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Lagos',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const parts = Object.fromEntries(intl.formatToParts(date).map((part) => [part.type, part.value]));
          expect(lagosClock(date)).toEqual({
            year: parts['year'],
            month: parts['month'],
            day: parts['day'],
            hour: parts['hour'],
            minute: parts['minute'],
            second: parts['second'],
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('shows what is not a date as it came', () => {
    expect(formatLagosTimestamp('yesterday')).toBe('yesterday');
    expect(formatLagosDateTime('')).toBe('');
  });
});

describe('formatCalendarDate', () => {
  it('reads a calendar date without moving it across midnight', () => {
    expect(formatCalendarDate('2027-02-06')).toBe('6 Feb 2027');
    expect(formatCalendarDate('2027-02-06T00:00:00Z')).toBe('6 Feb 2027');
  });

  it("keeps a provider's own text", () => {
    expect(formatCalendarDate('02-FEB-27')).toBe('02-FEB-27');
    expect(formatCalendarDate('2027-13-45')).toBe('2027-13-45');
  });
});
