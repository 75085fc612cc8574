import { z } from 'zod';
import type { JobQueue } from '../../lib/jobs.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';

export const PRUNE_RATE_LIMITS_JOB = 'system.prune-rate-limits';

/** Spent rate-limit windows are deleted hourly. */
export async function registerSystemJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  rateLimiter: Pick<RateLimiter, 'prune'>,
): Promise<void> {
  await jobs.work(PRUNE_RATE_LIMITS_JOB, z.object({}), async () => {
    await rateLimiter.prune();
  });
  await jobs.schedule(PRUNE_RATE_LIMITS_JOB, '41 * * * *');
}
