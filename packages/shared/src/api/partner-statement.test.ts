import { describe, expect, it } from 'vitest';
import { partnerStatementQuery, statementPeriod } from './partner-statement.ts';

const NOW = new Date('2025-03-31T12:00:00Z');
const iso = (period: ReturnType<typeof statementPeriod>) =>
  'error' in period ? period : { from: period.from.toISOString(), to: period.to.toISOString() };

describe('statementPeriod', () => {
  it('reads dates as whole Lagos days, the last one included', () => {
    expect(iso(statementPeriod({ from: '2025-03-01', to: '2025-03-10' }, NOW))).toEqual({
      from: '2025-02-28T23:00:00.000Z',
      to: '2025-03-10T23:00:00.000Z',
    });
  });

  it('takes date-times as they are, and never runs past now', () => {
    expect(iso(statementPeriod({ from: '2025-03-31T09:00:00+01:00', to: '2025-04-30' }, NOW))).toEqual({
      from: '2025-03-31T08:00:00.000Z',
      to: NOW.toISOString(),
    });
  });

  it('covers the last 30 days by default', () => {
    expect(iso(statementPeriod({}, NOW))).toEqual({
      from: '2025-03-01T12:00:00.000Z',
      to: NOW.toISOString(),
    });
  });

  it('refuses a backwards period, one starting in the future, and one longer than 366 days', () => {
    expect(statementPeriod({ from: '2025-03-10', to: '2025-03-01' }, NOW)).toEqual({
      error: 'The start of the period must come before its end.',
    });
    expect(statementPeriod({ from: '2025-04-02' }, NOW)).toEqual({
      error: 'The start of the period cannot be in the future.',
    });
    expect(statementPeriod({ from: '2024-03-29', to: '2025-03-30' }, NOW)).toEqual({
      error: 'A statement covers at most 366 days: choose a shorter period.',
    });
    // 366 whole days, 2024 being a leap year
    expect('error' in statementPeriod({ from: '2024-03-30', to: '2025-03-30' }, NOW)).toBe(false);
  });

  it('accepts only real dates and date-times with their offset', () => {
    for (const from of ['2025-02-30', '31/01/2025', '2025-03-01T10:00:00', 'yesterday'])
      expect(partnerStatementQuery.safeParse({ from }).success, from).toBe(false);
    for (const from of ['2025-02-28', '2025-03-01T10:00:00Z', '2025-03-01T10:00:00.5+01:00'])
      expect(partnerStatementQuery.safeParse({ from }).success, from).toBe(true);
  });
});
