import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { z } from 'zod';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { startJobQueue, type JobQueue } from '../../../src/lib/jobs.ts';
import { databaseKinds, openTestDatabase, testPostgresAddress } from '../../helpers/database.ts';
import { startTcpProxy } from '../../helpers/net.ts';

describe.skipIf(!databaseKinds.includes('postgres'))(
  'the job queue when the database goes [postgres]',
  () => {
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let database: DatabaseHandle;
    let queue: JobQueue;
    const lines: string[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    beforeAll(async () => {
      proxy = await startTcpProxy(testPostgresAddress());
      database = await openTestDatabase('postgres', { connectThrough: proxy.address() });
      const log = pino(
        { level: 'warn' },
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(chunk.toString());
            done();
          },
        }),
      );
      queue = await startJobQueue(database.jobsConnection, { log, pollingIntervalSeconds: 0.5 });
      process.on('unhandledRejection', onUnhandled);
    });
    afterAll(async () => {
      process.off('unhandledRejection', onUnhandled);
      await proxy.start().catch(() => undefined);
      await queue.stop({ timeoutMs: 1000 });
      await database.close();
      await proxy.stop();
    });

    // the queue library marks a finished batch with a call it never awaits: lost with the database, that call
    // must not become an unhandled rejection, which would end the process
    it('keeps running when a job finishes while the database is away, and says so', async () => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let isRunning = false;
      await queue.work('test.slow', z.object({}), async () => {
        isRunning = true;
        await gate;
      });
      await queue.send('test.slow', {});
      await vi.waitFor(() => {
        expect(isRunning).toBe(true);
      }, 10_000);
      await proxy.stop();
      release();
      await vi.waitFor(() => {
        expect(lines.join('')).toContain('they will be retried');
      }, 10_000);
      expect(unhandled).toEqual([]);
    });
  },
);
