import { z } from 'zod';
import type { JobQueue } from '../../lib/jobs.ts';
import type { FundingService } from './funding.service.ts';
import { PROCESS_WEBHOOK_JOB } from './funding.service.ts';
import { CHECK_CARD_PAYMENTS_JOB } from './open-card-payments.ts';

/** Each stored Paystack webhook, and every minute the card payments Paystack has not told us of. */
export async function registerFundingJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  funding: Pick<FundingService, 'processWebhook' | 'checkOpenCardPayments'>,
  log: { info: (facts: object, message: string) => void },
): Promise<void> {
  await jobs.work(PROCESS_WEBHOOK_JOB, z.object({ eventId: z.string() }), ({ eventId }) =>
    funding.processWebhook(eventId),
  );
  await jobs.work(CHECK_CARD_PAYMENTS_JOB, z.object({}), async () => {
    const changes = await funding.checkOpenCardPayments();
    if (changes.length > 0) log.info({ changes }, 'card payments checked with Paystack');
  });
  await jobs.schedule(CHECK_CARD_PAYMENTS_JOB, '* * * * *');
}
