import { bpsAsPercent, formatNaira, KOBO_PER_NAIRA } from '@quickvend/shared/money';
import { formatCalendarDate } from '@quickvend/shared/format';

// Naira, dates, tokens: `@quickvend/shared/money`, `/format` and `/bills`. Here only what the web alone shows.

/** `₦21,000.00` from a whole-naira price written in code (never from user input). */
export function formatWholeNaira(naira: number): string {
  return formatNaira(naira * KOBO_PER_NAIRA);
}

/** `012 345 6789`: a 10-digit account number in groups a person can read out and check. */
export function groupAccountNumber(accountNumber: string): string {
  return /^\d{10}$/.test(accountNumber)
    ? `${accountNumber.slice(0, 3)} ${accountNumber.slice(3, 6)} ${accountNumber.slice(6)}`
    : accountNumber;
}

/** `1%`, `1.5%`, `0.25%`: basis points as a percentage, without float arithmetic. */
export function formatBps(bps: number): string {
  return `${bpsAsPercent(bps).replace(/\.?0+$/, '')}%`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * `2 Feb 2027` from a provider's date: its own `02-FEB-27` (GOtv and DStv due dates) or a calendar date
 * `2027-02-02`; anything else is shown as given.
 */
export function formatProviderDate(value: string): string {
  const match = /^(\d{1,2})[-/ ]([A-Za-z]{3})[-/ ](\d{2}|\d{4})$/.exec(value.trim());
  if (match === null) return formatCalendarDate(value);
  const [, day = '', monthText = '', yearText = ''] = match;
  const month = MONTHS.findIndex((name) => name.toLowerCase() === monthText.toLowerCase());
  const dayNumber = Number(day);
  if (month < 0 || dayNumber < 1 || dayNumber > 31) return value;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return `${dayNumber} ${MONTHS[month] ?? monthText} ${year}`;
}
