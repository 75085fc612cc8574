import { AppError } from '../../lib/errors.ts';
import type { GiveBack, RateLimiter, RateRule } from '../../lib/rate-limit.ts';

/**
 * Spends one attempt of `rule`, answering a spent allowance with this limit's own words.
 * @throws RATE_LIMITED (details.retryAfterSeconds, sent as Retry-After)
 */
export async function spendAllowance(
  limiter: Pick<RateLimiter, 'consume'>,
  rule: RateRule,
  message: string,
): Promise<GiveBack> {
  try {
    return await limiter.consume([rule]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED')
      throw new AppError('RATE_LIMITED', message, error.details);
    throw error;
  }
}
