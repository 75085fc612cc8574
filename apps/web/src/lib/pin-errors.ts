import { formatLagosDateTime } from '@quickvend/shared/format';
import { isApiError } from './api-client.ts';

export function lockedUntilText(lockedUntil: string): string {
  return `Too many wrong PINs. Purchases are locked until ${formatLagosDateTime(lockedUntil)} (Lagos time).`;
}

/** What to say when the server refused a PIN (wrong, locked, too simple), or null for other errors. */
export function describePinError(error: unknown): string | null {
  if (isApiError(error, 'PIN_INCORRECT')) {
    const left = error.details?.['attemptsLeft'];
    if (typeof left === 'number') {
      return `Error: Wrong PIN. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`;
    }
    return 'Error: Wrong PIN. Please try again.';
  }
  if (isApiError(error, 'PIN_LOCKED')) {
    const until = error.details?.['lockedUntil'];
    return `Error: ${typeof until === 'string' ? lockedUntilText(until) : 'Too many wrong PINs. Purchases are locked for now.'}`;
  }
  return null;
}
