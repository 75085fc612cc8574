import type { z } from 'zod';

/**
 * An amount of money in whole kobo. The type is zod's brand, so `koboSchema` (api/kobo.ts) parses the API's
 * plain integers into it; this file imports zod's types only, so a page that formats money loads no zod.
 */
export type Kobo = number & z.$brand<'Kobo'>;

export const KOBO_PER_NAIRA = 100;

export class AmountError extends Error {
  constructor(
    readonly reason: 'empty' | 'invalid' | 'negative' | 'zero' | 'too_precise' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'AmountError';
  }
}

export function kobo(n: number): Kobo {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number of kobo: ${n}`);
  return n as Kobo;
}

const NAIRA_PATTERN = /^(?<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?<fraction>\d{1,2}))?$/;
const TOO_PRECISE = /^(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{3,}$/;

/** The same amount moving the other way. */
export function negateKobo(amount: Kobo): Kobo {
  return kobo(0 - amount);
}

/**
 * Reads a naira amount the way a person writes it (`1500`, `1,500.50`, `₦1,500`) digit by digit,
 * never through floating point. Throws AmountError with a reason a form can show.
 */
export function parseNaira(input: string | number): Kobo {
  const text = (typeof input === 'number' ? numberToPlainString(input) : input)
    .trim()
    .replace(/^(?:₦|NGN)\s*/i, '');
  if (text === '') throw new AmountError('empty', 'Enter an amount.');
  if (text.startsWith('-')) throw new AmountError('negative', 'The amount cannot be negative.');
  if (TOO_PRECISE.test(text)) throw new AmountError('too_precise', 'Use at most 2 digits after the point.');
  const match = NAIRA_PATTERN.exec(text);
  if (!match?.groups?.whole) throw new AmountError('invalid', 'Enter the amount in naira, for example 1500.');
  const whole = match.groups.whole.replaceAll(',', '');
  const fraction = (match.groups.fraction ?? '').padEnd(2, '0');
  const total = Number(whole) * KOBO_PER_NAIRA + Number(fraction);
  if (!Number.isSafeInteger(total) || whole.length > 13) {
    throw new AmountError('too_large', 'That amount is too large.');
  }
  return kobo(total);
}

/**
 * A naira amount from a form or a request body (typed text or a JSON number) as kobo, read by parseNaira.
 * An amount it cannot take is refused through `refuse`, which turns the reason into the error to throw, so
 * each caller keeps its own words; `positive` refuses zero as well.
 */
export function koboFromNaira(
  input: string | number,
  refuse: (message: string, problem: AmountError) => Error,
  options: { positive?: boolean } = {},
): Kobo {
  let amount: Kobo;
  try {
    amount = parseNaira(input);
  } catch (error) {
    if (error instanceof AmountError) throw refuse(error.message, error);
    throw error;
  }
  if (options.positive && amount === 0) {
    const problem = new AmountError('zero', 'The amount must be more than zero.');
    throw refuse(problem.message, problem);
  }
  return amount;
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) return 'invalid';
  const text = String(n);
  return /e/i.test(text) ? 'invalid' : text;
}

/**
 * `1234567` → `1,234,567`, as en-NG groups naira. Not Intl.NumberFormat: building one loads ICU's locale data,
 * 25–95 ms on a cheap phone before the first balance can show.
 */
const groupThousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/** `₦1,500.00`: how a balance or a price is shown to a person. */
export function formatNaira(amount: Kobo | number): string {
  const k = kobo(amount);
  const sign = k < 0 ? '-' : '';
  const abs = Math.abs(k);
  const whole = Math.trunc(abs / KOBO_PER_NAIRA);
  const fraction = abs % KOBO_PER_NAIRA;
  // format the whole part only, then append the exact kobo: no float arithmetic on money
  return `${sign}₦${groupThousands(whole)}.${String(fraction).padStart(2, '0')}`;
}

/** `1500.00`: the plain naira string used on the wire beside `amountKobo`. */
export function toNairaString(amount: Kobo | number): string {
  const k = kobo(amount);
  const sign = k < 0 ? '-' : '';
  const abs = Math.abs(k);
  return `${sign}${Math.trunc(abs / KOBO_PER_NAIRA)}.${String(abs % KOBO_PER_NAIRA).padStart(2, '0')}`;
}

export type Rounding = 'floor' | 'ceil' | 'half-up';

/** `bps` basis points (1% = 100) of an amount, rounded as named. */
export function percentOfKobo(amount: Kobo, bps: number, rounding: Rounding): Kobo {
  if (!Number.isSafeInteger(bps)) throw new RangeError(`Basis points must be whole: ${bps}`);
  const product = amount * bps;
  if (!Number.isSafeInteger(product)) throw new RangeError('Amount too large for a percentage');
  const quotient = Math.trunc(product / 10_000);
  const remainder = product % 10_000;
  if (remainder === 0) return kobo(quotient);
  switch (rounding) {
    case 'floor':
      return kobo(product < 0 ? quotient - 1 : quotient);
    case 'ceil':
      return kobo(product > 0 ? quotient + 1 : quotient);
    case 'half-up':
      return kobo(Math.abs(remainder) * 2 >= 10_000 ? quotient + Math.sign(product) : quotient);
  }
}

/** `1.50`: basis points as a percentage with two decimals, in whole-number arithmetic. */
export function bpsAsPercent(bps: number): string {
  if (!Number.isSafeInteger(bps) || bps < 0)
    throw new RangeError(`Basis points must be whole and not negative: ${bps}`);
  return `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
}
