import { formatNaira, KOBO_PER_NAIRA } from '@quickvend/shared/money';

/** `₦21,000.00` from a whole-naira price written in code (never from user input). */
export function formatWholeNaira(naira: number): string {
  return formatNaira(naira * KOBO_PER_NAIRA);
}

export { formatNaira };

const lagosDateTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** `12 Mar 2025, 14:05`: a server timestamp as a clock in Lagos shows it. */
export function formatLagosDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : lagosDateTime.format(date);
}

const lagosStamp = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `2025-03-12 14:05:09`: the spec's transaction date format (`yyyy-LL-dd HH:mm:ss`), in Lagos time. */
export function formatLagosTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    lagosStamp.formatToParts(date).find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** `012 345 6789`: a 10-digit account number in groups a person can read out and check. */
export function groupAccountNumber(accountNumber: string): string {
  return /^\d{10}$/.test(accountNumber)
    ? `${accountNumber.slice(0, 3)} ${accountNumber.slice(3, 6)} ${accountNumber.slice(6)}`
    : accountNumber;
}

/**
 * `1234 5678 9012 3456 7890`: an electricity token in groups of four, as a meter keypad takes it.
 * A provider's `Token : ...` prefix is dropped; anything that is not digits is shown as it came.
 */
export function groupToken(token: string): string {
  const compact = tokenDigits(token);
  return /^\d+$/.test(compact) ? (compact.match(/.{1,4}/g) ?? [compact]).join(' ') : token.trim();
}

/** The digits of a token, for copying into a meter (or the token as it came when it is not digits). */
export function tokenDigits(token: string): string {
  const compact = token.replace(/^\s*token\s*:?\s*/i, '').replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : token.trim();
}

/** `1%`, `1.5%`, `0.25%`: basis points as a percentage, without float arithmetic. */
export function formatBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(Math.abs(bps % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}
