import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { JobsConnection } from '../db/client.ts';

export type SendOptions = { startAfterSeconds?: number; singletonKey?: string; retryLimit?: number };

/**
 * Durable background work that survives restarts. Never send from inside a database transaction:
 * on the embedded database the queue waits for that transaction, which would wait forever.
 */
export type JobQueue = {
  send: (name: string, data: object, options?: SendOptions) => Promise<string | null>;
  work: <T extends object>(name: string, handler: (data: T) => Promise<void>) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startJobQueue(
  connection: JobsConnection,
  options: { log: FastifyBaseLogger; pollingIntervalSeconds?: number; retryDelaySeconds?: number },
): Promise<JobQueue> {
  const boss = new PgBoss({
    ...connection,
    schema: 'jobs',
    max: 'connectionString' in connection ? 4 : undefined,
    retryLimit: 5,
    retryDelay: options.retryDelaySeconds ?? 5,
    retryBackoff: true,
    expireInMinutes: 15,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => {
    options.log.error({ err: error }, 'job queue error');
  });
  await boss.start();
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };
  return {
    async send(name, data, sendOptions = {}) {
      await ensureQueue(name);
      return boss.send(name, data, {
        ...(sendOptions.startAfterSeconds !== undefined && { startAfter: sendOptions.startAfterSeconds }),
        ...(sendOptions.singletonKey !== undefined && { singletonKey: sendOptions.singletonKey }),
        ...(sendOptions.retryLimit !== undefined && { retryLimit: sendOptions.retryLimit }),
      });
    },
    async work<T extends object>(name: string, handler: (data: T) => Promise<void>) {
      await ensureQueue(name);
      await boss.work<T>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) {
            try {
              await handler(job.data);
            } catch (error) {
              options.log.warn({ err: error, job: name, jobId: job.id }, 'job failed; it will be retried');
              throw error;
            }
          }
        },
      );
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
