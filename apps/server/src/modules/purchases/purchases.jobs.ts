import { z } from 'zod';
import type { JobQueue } from '../../lib/jobs.ts';

export const REQUERY_JOB = 'purchases.requery';
/** Requeries every open purchase that is due or looks orphaned: every minute, and at start. */
export const RECONCILE_JOB = 'purchases.reconcile';
/**
 * Asks whether a refunded purchase was delivered after all (a provider-side loss): sent when the provider's
 * answer or callback says delivered for a purchase that is no longer open. Deduplicated per purchase per minute.
 */
export const CHECK_REFUNDED_JOB = 'purchases.check-refunded';
export type CheckRefundedJob = { purchaseId: string; detectedBy: 'callback' | 'requery' };

/** Sends the check at most once a minute per purchase, however many answers and callbacks say delivered. */
export function sendRefundedCheck(
  jobs: Pick<JobQueue, 'send'>,
  now: Date,
  job: CheckRefundedJob,
): Promise<string | null> {
  const minute = Math.floor(now.getTime() / 60_000);
  return jobs.send(CHECK_REFUNDED_JOB, job, { dedupeKey: `${job.purchaseId}:${minute}` });
}

/** The purchases' own jobs: each pending purchase's requery, and the every-minute pass over what a crash left. */
export async function registerPurchaseJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule' | 'send'>,
  purchases: {
    recheck: (purchaseId: string) => Promise<unknown>;
    reconcile: () => Promise<unknown[]>;
  },
  log: { info: (facts: object, message: string) => void },
): Promise<void> {
  await jobs.work(REQUERY_JOB, z.object({ purchaseId: z.string() }), async ({ purchaseId }) => {
    await purchases.recheck(purchaseId);
  });
  await jobs.work(RECONCILE_JOB, z.object({}), async () => {
    const changes = await purchases.reconcile();
    if (changes.length > 0) log.info({ changes }, 'reconciled purchases');
  });
  await jobs.schedule(RECONCILE_JOB, '* * * * *');
  // purchases a crash left behind are picked up at start, not at the next tick
  await jobs.send(RECONCILE_JOB, {});
}
