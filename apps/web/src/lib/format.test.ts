import { describe, expect, it } from 'vitest';
import { formatProviderDate, planWithBrand, withoutPriceSuffix } from './format.ts';

describe('planWithBrand', () => {
  it('names the brand once', () => {
    expect(planWithBrand('GOtv', 'GOtv Smallie')).toBe('GOtv Smallie');
    expect(planWithBrand('GOtv', 'GOtv GOtv Smallie')).toBe('GOtv Smallie');
    expect(planWithBrand('GOtv', 'Smallie')).toBe('GOtv Smallie');
    expect(planWithBrand('DSTV', 'DStv Compact')).toBe('DStv Compact');
    expect(planWithBrand('', 'DStv DStv  Compact')).toBe('DStv Compact');
    expect(planWithBrand('MTN', 'MTN 1GB')).toBe('MTN 1GB');
  });

  it('keeps a plan that only starts like the brand', () => {
    expect(planWithBrand('GO', 'GOtv Max')).toBe('GO GOtv Max');
    expect(planWithBrand('Showmax', 'Mobile')).toBe('Showmax Mobile');
    expect(planWithBrand('GOtv', '')).toBe('GOtv');
  });
});

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

describe('withoutPriceSuffix', () => {
  it('drops the price a provider puts at the end of a plan name', () => {
    expect(withoutPriceSuffix('DStv Compact N19,000')).toBe('DStv Compact');
    expect(withoutPriceSuffix('GOtv Smallie - ₦1,900.00')).toBe('GOtv Smallie');
    expect(withoutPriceSuffix('MTN 1GB - 30 days')).toBe('MTN 1GB - 30 days');
    expect(withoutPriceSuffix('N1000')).toBe('N1000');
  });
});
