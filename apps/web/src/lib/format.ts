import { formatNaira, KOBO_PER_NAIRA } from '@quickvend/shared/money';

/** `₦21,000.00` from a whole-naira price written in code (never from user input). */
export function formatWholeNaira(naira: number): string {
  return formatNaira(naira * KOBO_PER_NAIRA);
}

export { formatNaira };
