import { z } from 'zod';
import type { JobQueue } from '../../lib/jobs.ts';
import {
  RECONCILE_DAY_CRON,
  RECONCILE_DAY_JOB,
  type DailyReconciliation,
} from './daily-reconciliation.service.ts';
import type { ProviderLosses } from './provider-losses.service.ts';

/**
 * A refunded purchase the provider says it delivered is checked for a loss (the purchases module queues it as
 * `checkRefundedJob`); each day is reconciled with the provider just after midnight.
 */
export async function registerReconciliationJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  deps: {
    checkRefundedJob: string;
    providerLosses: Pick<ProviderLosses, 'checkRefundedPurchase'>;
    dailyReconciliation: Pick<DailyReconciliation, 'run' | 'yesterday'>;
  },
): Promise<void> {
  await jobs.work(
    deps.checkRefundedJob,
    z.object({ purchaseId: z.string(), detectedBy: z.enum(['callback', 'requery']) }),
    async ({ purchaseId, detectedBy }) => {
      await deps.providerLosses.checkRefundedPurchase(purchaseId, detectedBy);
    },
  );
  await jobs.work(RECONCILE_DAY_JOB, z.object({ day: z.string().optional() }), async ({ day }) => {
    await deps.dailyReconciliation.run(day ?? deps.dailyReconciliation.yesterday());
  });
  await jobs.schedule(RECONCILE_DAY_JOB, RECONCILE_DAY_CRON);
}
