import { z } from 'zod';
import type { JobQueue } from '../../lib/jobs.ts';
import type { NccDailyReports } from './ncc-daily.service.ts';

export const MAIL_NCC_DAILY_JOB = 'reports.mail-ncc-daily';
/** 01:00 Lagos time (the queue's schedules run on Lagos time): yesterday has ended, and its late answers are in */
export const MAIL_NCC_DAILY_CRON = '0 1 * * *';

/** Each night the previous Lagos day's service report goes to every admin; `day` sends another day's. */
export async function registerReportJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  ncc: Pick<NccDailyReports, 'mailDay' | 'yesterday'>,
): Promise<void> {
  await jobs.work(MAIL_NCC_DAILY_JOB, z.object({ day: z.string().optional() }), async ({ day }) => {
    await ncc.mailDay(day ?? ncc.yesterday());
  });
  await jobs.schedule(MAIL_NCC_DAILY_JOB, MAIL_NCC_DAILY_CRON);
}
