import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import pino from 'pino';
import { z } from 'zod';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { startJobQueue, type JobQueue } from '../../../src/lib/jobs.ts';
import { describeEachDatabase, openTestDatabase } from '../../helpers/database.ts';

describeEachDatabase('job queue', (kind) => {
  let database: DatabaseHandle;
  let queue: JobQueue;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    queue = await startJobQueue(database.jobsConnection, {
      log: pino({ level: 'silent' }),
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
    });
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  it('runs each job, retrying one that fails', async () => {
    const seen: string[] = [];
    let failures = 0;
    await queue.work('test.record', z.object({ id: z.string() }), async ({ id }) => {
      if (id === 'flaky' && failures === 0) {
        failures += 1;
        throw new Error('first attempt fails');
      }
      seen.push(id);
      return Promise.resolve();
    });
    await queue.send('test.record', { id: 'a' });
    await queue.send('test.record', { id: 'flaky' }, { retryLimit: 3 });
    await vi.waitFor(
      () => {
        expect([...seen].sort()).toEqual(['a', 'flaky']);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(failures).toBe(1);
  });
});
