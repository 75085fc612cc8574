import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';

const WRONG_PASSWORD = 'That password is not right. Enter the password you sign in with.';
const PIN_NEEDED = 'Enter your transaction PIN.';
const PASSWORD_TRIES = { max: 5, windowSeconds: 15 * 60 };

/**
 * What widening a key's reach takes (a new key, wider limits): the password and, once set, the PIN. The
 * password is checked first, so a session alone cannot spend the owner's PIN tries.
 */
export function createOwnerCheck(deps: {
  rateLimiter: Pick<RateLimiter, 'countFailures'>;
  verifyPassword: (userId: string, password: string) => Promise<boolean>;
  /** the transaction PIN, checked and counted as a purchase checks it */
  pins: {
    status: (userId: string) => Promise<{ hasPin: boolean; lockedUntil: string | null }>;
    verify: (userId: string, pin: string | undefined) => Promise<void>;
  };
}) {
  /**
   * @throws INVALID_CREDENTIALS (details.fields.password), RATE_LIMITED, VALIDATION_FAILED (no PIN sent),
   * PIN_INCORRECT, PIN_LOCKED
   */
  return async function confirmOwner(
    ownerId: string,
    input: { password: string; pin?: string | undefined },
  ): Promise<void> {
    await deps.rateLimiter.countFailures(
      [{ key: `api-key-password:user:${ownerId}`, ...PASSWORD_TRIES }],
      async () => {
        if (!(await deps.verifyPassword(ownerId, input.password))) {
          throw new AppError('INVALID_CREDENTIALS', WRONG_PASSWORD, {
            fields: { password: WRONG_PASSWORD },
          });
        }
      },
    );
    const pin = await deps.pins.status(ownerId);
    if (pin.hasPin) {
      if (!input.pin && pin.lockedUntil === null) {
        throw new AppError('VALIDATION_FAILED', PIN_NEEDED, { fields: { pin: PIN_NEEDED } });
      }
      await deps.pins.verify(ownerId, input.pin);
    }
  };
}
