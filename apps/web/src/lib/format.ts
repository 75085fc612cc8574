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

/** `GOtv GOtv Smallie` → `GOtv Smallie`: a word said twice in a row at the start, said once. */
function withoutRepeatedLead(text: string): string {
  return text.replace(/^(\S+)(?:\s+\1)+(?=\s|$)/i, '$1');
}

/**
 * A plan under its brand, the brand said once: (`GOtv`, `Smallie`) → `GOtv Smallie`, and (`GOtv`,
 * `GOtv Smallie`) or a provider's own `GOtv GOtv Smallie` → `GOtv Smallie`. Use it wherever a TV or
 * network plan is named.
 */
export function planWithBrand(brand: string, plan: string): string {
  const name = withoutRepeatedLead(plan.trim().replace(/\s+/g, ' '));
  const lead = brand.trim();
  if (lead === '') return name;
  if (name === '') return lead;
  const startsWithBrand =
    name.toLowerCase().startsWith(lead.toLowerCase()) && /^(\s|$)/.test(name.slice(lead.length));
  return startsWithBrand ? name : `${lead} ${name}`;
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

/** `DStv Compact N19,000` → `DStv Compact`: a provider's plan name without the price it ends with. */
export function withoutPriceSuffix(plan: string): string {
  const name = plan.replace(/\s*[-–:]?\s*(?:N|₦|NGN)\s?\d[\d,]*(?:\.\d+)?\s*$/u, '').trim();
  return name === '' ? plan.trim() : name;
}
