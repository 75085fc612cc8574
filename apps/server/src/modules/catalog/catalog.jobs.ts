import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { REFRESH_CATALOG_JOB, type Catalog } from './catalog.service.ts';

/** Every plan refreshed each hour, and one service when asked. */
export async function registerCatalogJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  catalog: Pick<Catalog, 'refreshAll'>,
): Promise<void> {
  await jobs.work(
    REFRESH_CATALOG_JOB,
    z.object({ serviceId: z.string().optional() }),
    async ({ serviceId }) => {
      await catalog.refreshAll(serviceId ? [serviceId] : undefined);
    },
  );
  await jobs.schedule(REFRESH_CATALOG_JOB, '17 * * * *');
}

/** Asks for one service's plans again (the provider says they changed): a burst of asks makes one refresh a minute. */
export function createRefreshRequests(jobs: Pick<JobQueue, 'send'>, clock: Clock) {
  return async (serviceId: string): Promise<void> => {
    const minute = Math.floor(clock.now().getTime() / 60_000);
    await jobs.send(REFRESH_CATALOG_JOB, { serviceId }, { dedupeKey: `${serviceId}:${minute}` });
  };
}
