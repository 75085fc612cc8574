import type { FastifyBaseLogger } from 'fastify';
import { createContainer, type Container, type ContainerConfig } from './container.ts';
import type { DatabaseHandle } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';

export type WorkerDeps = {
  config: ContainerConfig;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /**
   * Where a web process answers: in sandbox mode the VTpass and Paystack simulators are served there, and a
   * worker's requeries must reach the same simulator that took the sale.
   */
  webUrl: string;
  clock?: Clock;
  jobPollingSeconds?: number;
  providerTimeoutMs?: number;
};

export type Worker = { container: Container; close: () => Promise<void> };

/** ROLE=worker: the job workers and schedules, with no HTTP listener. */
export async function startWorker(deps: WorkerDeps): Promise<Worker> {
  const container = await createContainer({
    config: deps.config,
    database: deps.database,
    clock: deps.clock ?? systemClock,
    log: deps.log,
    selfUrl: deps.webUrl.replace(/\/+$/, ''),
    runWorkers: true,
    ...(deps.jobPollingSeconds !== undefined && { jobPollingSeconds: deps.jobPollingSeconds }),
    ...(deps.providerTimeoutMs !== undefined && { providerTimeoutMs: deps.providerTimeoutMs }),
  });
  // drains the notices of committed work, then stops the job queue letting running jobs finish
  return { container, close: () => container.close() };
}
