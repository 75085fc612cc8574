import { normalisePhone } from '@quickvend/shared/phone';

/** The digits of a phone number as typed (spaces, dashes and a leading + dropped). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * Groups a phone number as it is typed: `0803 123 4567` or `+234 803 123 4567`. Anything else (a
 * foreign or partial number) keeps its digits ungrouped.
 */
export function formatPhoneInput(input: string): string {
  const hasPlus = input.trimStart().startsWith('+');
  const digits = phoneDigits(input).slice(0, 13);
  if (digits.startsWith('234')) {
    const rest = digits.slice(3);
    const groups = [rest.slice(0, 3), rest.slice(3, 6), rest.slice(6)].filter(Boolean);
    return [`${hasPlus ? '+' : ''}234`, ...groups].join(' ');
  }
  if (digits.startsWith('0')) {
    const national = digits.slice(0, 11);
    return [national.slice(0, 4), national.slice(4, 7), national.slice(7)].filter(Boolean).join(' ');
  }
  return `${hasPlus ? '+' : ''}${digits}`;
}

/**
 * The number to send: the 11-digit national form when it is a Nigerian mobile number (a 10-digit
 * number without its leading 0 too), otherwise the digits as typed for the server to judge.
 */
export function phoneForServer(input: string): string {
  const digits = phoneDigits(input);
  const withZero = digits.length === 10 && /^[789]/.test(digits) ? `0${digits}` : digits;
  return normalisePhone(withZero) ?? normalisePhone(input) ?? digits;
}
