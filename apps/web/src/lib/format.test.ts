import { describe, expect, it } from 'vitest';
import { formatProviderDate } from './format.ts';

describe('formatProviderDate', () => {
  it('reads a provider due date in words', () => {
    expect(formatProviderDate('02-FEB-27')).toBe('2 Feb 2027');
    expect(formatProviderDate('15-dec-2026')).toBe('15 Dec 2026');
  });

  it('reads a calendar date, and leaves anything else as given', () => {
    expect(formatProviderDate('2027-02-06')).toBe('6 Feb 2027');
    expect(formatProviderDate('02-XYZ-27')).toBe('02-XYZ-27');
    expect(formatProviderDate('soon')).toBe('soon');
  });
});
