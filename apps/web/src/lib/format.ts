import { bpsAsPercent, formatNaira, KOBO_PER_NAIRA } from '@quickvend/shared/money';

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
