import { z } from 'zod';
import type { JobQueue } from '../../lib/jobs.ts';
import { CHECK_FLOAT_JOB, type FloatMonitor } from './float.service.ts';

/** The provider float, checked every five minutes. */
export async function registerAdminJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  float: Pick<FloatMonitor, 'check'>,
): Promise<void> {
  await jobs.work(CHECK_FLOAT_JOB, z.object({}), async () => {
    await float.check();
  });
  await jobs.schedule(CHECK_FLOAT_JOB, '*/5 * * * *');
}
