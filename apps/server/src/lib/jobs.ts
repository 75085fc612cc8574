import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { JobsConnection } from '../db/client.ts';

export type SendOptions = {
  startAfterSeconds?: number;
  /** A job with the same key that is still waiting or running is not queued again. */
  dedupeKey?: string;
  retryLimit?: number;
};

const BATCH_SIZE = 10;
const QUEUE_CREATE_ATTEMPTS = 5;

/**
 * Durable background work that survives restarts. Never send from inside a database transaction:
 * on the embedded database the queue waits for that transaction, which would wait forever.
 */
export type JobQueue = {
  send: (name: string, data: object, options?: SendOptions) => Promise<string | null>;
  /** `schema` checks each job's data before `handler` sees it: job data is stored JSON, not a typed value. */
  work: <S extends z.ZodType>(
    name: string,
    schema: S,
    handler: (data: z.infer<S>) => Promise<void>,
  ) => Promise<void>;
  /** Sends `name` on a cron schedule; across processes it fires once per tick. */
  schedule: (name: string, cron: string) => Promise<void>;
  /** @throws when the queue is stopping or stopped, or cannot reach its tables */
  ping: () => Promise<void>;
  /** Jobs due and not yet taken by a worker, and how long the longest-waiting of them has waited. */
  backlog: () => Promise<{ depth: number; oldestWaitSeconds: number }>;
  /** Takes no new jobs; running jobs get up to `timeoutMs` (10 s unless given) to finish. */
  stop: (options?: { timeoutMs?: number }) => Promise<void>;
};

type Settle = (...args: unknown[]) => Promise<unknown>;
let settleLog: FastifyBaseLogger | undefined;

/**
 * pg-boss 10.4 ends each batch a worker took with `this.complete(...)` or `this.fail(...)` that it never awaits
 * (src/manager.js, `work` → `onFetch`): when the database is lost at that moment the rejection is unhandled,
 * and Node ends the process. Our workers mark every job themselves before that call, so a failure of it only
 * needs catching: a job that could not be marked expires and is retried, as after a crash.
 */
function catchUnawaitedSettles(): void {
  const manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
    prototype: Record<'complete' | 'fail', Settle>;
  };
  for (const method of ['complete', 'fail'] as const) {
    const settle = manager.prototype[method];
    // named as the original: pg-boss copies its manager's functions onto the queue by name
    manager.prototype[method] = {
      [method](this: unknown, ...args: unknown[]) {
        return settle.apply(this, args).catch((error: unknown) => {
          settleLog?.warn(
            { err: error, queue: args[0] },
            `jobs could not be marked (${method}); they will be retried`,
          );
          return { jobs: [], requested: 0, affected: 0 };
        });
      },
    }[method] as Settle;
  }
}
catchUnawaitedSettles();

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
  });
  boss.on('error', (error) => {
    options.log.error({ err: error }, 'job queue error');
  });
  settleLog = options.log;
  await boss.start();
  let isStopping = false;
  const query = async (text: string) => {
    if (isStopping) throw new Error('the job queue is stopped');
    // pg-boss answers nothing, rather than failing, once its own connection pool is closed
    const result = (await boss.getDb().executeSql(text, [])) as { rows: unknown[] } | undefined;
    if (!result) throw new Error('the job queue is stopped');
    return result.rows;
  };
  // the queues an earlier start made: creating one again changes nothing but costs a statement at each start
  const queues = new Set((await boss.getQueues()).map((queue) => queue.name));
  const workerIds = new Map<string, string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    // processes starting together on a new database create the same queues at once, and pg-boss does not
    // serialise that: PostgreSQL breaks the deadlock by failing one, which then finds the queue made
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name);
        break;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= QUEUE_CREATE_ATTEMPTS || (code !== '40P01' && code !== '23505')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
    queues.add(name);
  };
  return {
    async send(name, data, sendOptions = {}) {
      await ensureQueue(name);
      const id = await boss.send(name, data, {
        ...(sendOptions.startAfterSeconds !== undefined && { startAfter: sendOptions.startAfterSeconds }),
        ...(sendOptions.dedupeKey !== undefined && { id: uuidFromKey(`${name}:${sendOptions.dedupeKey}`) }),
        ...(sendOptions.retryLimit !== undefined && { retryLimit: sendOptions.retryLimit }),
      });
      // a local worker picks the job up now instead of at its next poll
      const workerId = workerIds.get(name);
      if (id && workerId && !sendOptions.startAfterSeconds) boss.notifyWorker(workerId);
      return id;
    },
    async work<S extends z.ZodType>(name: string, schema: S, handler: (data: z.infer<S>) => Promise<void>) {
      await ensureQueue(name);
      const workerId = await boss.work(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: BATCH_SIZE },
        async (jobs) => {
          // each job settles on its own: one failure must not fail (and retry) the rest of the batch
          const results = await Promise.allSettled(jobs.map(async (job) => handler(schema.parse(job.data))));
          const failed: string[] = [];
          results.forEach((result, i) => {
            const job = jobs[i];
            if (result.status === 'rejected' && job) {
              options.log.warn(
                { err: result.reason, job: name, jobId: job.id },
                'job failed; it will be retried',
              );
              failed.push(job.id);
            }
          });
          if (failed.length > 0) await boss.fail(name, failed);
          const done = jobs.filter((job) => !failed.includes(job.id)).map((job) => job.id);
          if (done.length > 0) await boss.complete(name, done);
        },
      );
      workerIds.set(name, workerId);
    },
    async schedule(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { tz: 'Africa/Lagos' });
    },
    async ping() {
      await query('select version from jobs.version');
    },
    async backlog() {
      // job states are an enum ordered created, retry, active…: below active is waiting
      const [row] = (await query(
        `select count(*)::int as depth,
          coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as oldest
        from jobs.job where state < 'active' and start_after <= now()`,
      )) as { depth: number; oldest: number }[];
      return { depth: row?.depth ?? 0, oldestWaitSeconds: Math.max(0, row?.oldest ?? 0) };
    },
    async stop(stopOptions = {}) {
      isStopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: stopOptions.timeoutMs ?? 10_000 });
    },
  };
}

/** A stable UUID for a key: pg-boss refuses a second job with the same id. */
function uuidFromKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
