import { describe, expect, it } from 'vitest';
import {
  AmountError,
  bpsAsPercent,
  formatNaira,
  koboFromNaira,
  KOBO_PER_NAIRA,
  kobo,
  negateKobo,
  parseNaira,
  percentOfKobo,
  toNairaString,
} from './money.ts';

describe('parseNaira', () => {
  it.each([
    ['1500', 150_000],
    ['1,500.50', 150_050],
    ['1500.5', 150_050],
    ['0.01', 1],
    ['₦2,000', 200_000],
    ['NGN 100', 10_000],
    ['  250.00 ', 25_000],
    ['1,234,567.89', 123_456_789],
    ['0', 0],
  ])('reads %s as %d kobo', (input, expected) => {
    expect(parseNaira(input)).toBe(expected);
  });

  it('reads numbers without floating-point drift', () => {
    expect(parseNaira(1500.5)).toBe(150_050);
    expect(parseNaira(0.29)).toBe(29);
    expect(parseNaira(19.99)).toBe(1999);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['1.005', 'too_precise'],
    ['-50', 'negative'],
    ['abc', 'invalid'],
    ['1,50', 'invalid'],
    ['12,34.00', 'invalid'],
    ['1.2.3', 'invalid'],
    ['99999999999999999999', 'too_large'],
    ['100000000000000', 'too_large'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(() => parseNaira(input)).toThrow(AmountError);
    try {
      parseNaira(input);
    } catch (error) {
      expect((error as AmountError).reason).toBe(reason);
    }
  });

  it('refuses numbers it cannot read exactly', () => {
    expect(() => parseNaira(Number.NaN)).toThrow(AmountError);
    expect(() => parseNaira(1e21)).toThrow(AmountError);
    expect(() => parseNaira(Infinity)).toThrow(AmountError);
  });
});

describe('koboFromNaira', () => {
  const refuse = (message: string, problem: AmountError) => new Error(`${problem.reason}: ${message}`);

  it('reads typed text and JSON numbers as parseNaira does', () => {
    expect(koboFromNaira('1,500.50', refuse)).toBe(150_050);
    expect(koboFromNaira(25.5, refuse)).toBe(2_550);
    expect(koboFromNaira('0', refuse)).toBe(0);
  });

  it("throws the caller's own error, made from parseNaira's reason and words", () => {
    expect(() => koboFromNaira('', refuse)).toThrow('empty: Enter an amount.');
    expect(() => koboFromNaira('-5', refuse)).toThrow('negative: The amount cannot be negative.');
    expect(() => koboFromNaira('1.005', refuse)).toThrow(
      'too_precise: Use at most 2 digits after the point.',
    );
    expect(() => koboFromNaira(Number.NaN, () => new RangeError('no'))).toThrow(RangeError);
  });

  it('refuses zero only when asked for a positive amount', () => {
    expect(() => koboFromNaira('0.00', refuse, { positive: true })).toThrow(
      'zero: The amount must be more than zero.',
    );
    expect(koboFromNaira('0.01', refuse, { positive: true })).toBe(1);
  });
});

describe('formatNaira', () => {
  it.each([
    [0, '₦0.00'],
    [1, '₦0.01'],
    [150_050, '₦1,500.50'],
    [500_000, '₦5,000.00'],
    [123_456_789, '₦1,234,567.89'],
    [-30_000, '-₦300.00'],
    [Number.MAX_SAFE_INTEGER, '₦90,071,992,547,409.91'],
  ])('shows %d kobo as %s', (amount, expected) => {
    expect(formatNaira(amount)).toBe(expected);
  });

  it('writes naira as en-NG does, without building a number formatter', () => {
    const intl = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
    for (const amount of [
      0, 5, 99, 100, 99_999, 100_000, 123_456_789, 1_000_000_000_01, -250_075, 9_007_199_254_740_99,
    ]) {
      const naira = (Math.abs(amount) - (Math.abs(amount) % KOBO_PER_NAIRA)) / KOBO_PER_NAIRA;
      const expected = `${amount < 0 ? '-' : ''}${intl.format(naira).replace(/\.00$/, '')}.${String(Math.abs(amount) % KOBO_PER_NAIRA).padStart(2, '0')}`;
      expect(formatNaira(amount)).toBe(expected);
    }
  });

  it('refuses fractions of a kobo', () => {
    expect(() => formatNaira(1.5)).toThrow(RangeError);
  });
});

describe('toNairaString', () => {
  it('writes the plain wire form', () => {
    expect(toNairaString(kobo(150_000))).toBe('1500.00');
    expect(toNairaString(kobo(5))).toBe('0.05');
    expect(toNairaString(kobo(-250))).toBe('-2.50');
  });
});

describe('kobo', () => {
  it('accepts only safe integers', () => {
    expect(kobo(42)).toBe(42);
    expect(() => kobo(0.5)).toThrow(RangeError);
    expect(() => kobo(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('percentOfKobo', () => {
  it('rounds as named', () => {
    expect(percentOfKobo(kobo(10_050), 100, 'floor')).toBe(100);
    expect(percentOfKobo(kobo(10_050), 100, 'ceil')).toBe(101);
    expect(percentOfKobo(kobo(10_050), 100, 'half-up')).toBe(101);
    expect(percentOfKobo(kobo(10_049), 100, 'half-up')).toBe(100);
    expect(percentOfKobo(kobo(150_000), 150, 'floor')).toBe(2_250);
  });
});

describe('bpsAsPercent', () => {
  it.each([
    [100, '1.00'],
    [150, '1.50'],
    [5, '0.05'],
    [0, '0.00'],
    [10_000, '100.00'],
  ])('writes %i bps as %s', (bps, text) => {
    expect(bpsAsPercent(bps)).toBe(text);
  });

  it('refuses fractions and negatives', () => {
    expect(() => bpsAsPercent(1.5)).toThrow(RangeError);
    expect(() => bpsAsPercent(-1)).toThrow(RangeError);
  });
});

describe('negateKobo', () => {
  it('turns an amount around, and keeps it whole kobo', () => {
    expect(negateKobo(kobo(150_050))).toBe(-150_050);
    expect(negateKobo(kobo(-200))).toBe(200);
    expect(Object.is(negateKobo(kobo(0)), 0)).toBe(true);
  });
});
