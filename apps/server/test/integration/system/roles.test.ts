import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { queryRows, type DatabaseHandle } from '../../../src/db/client.ts';
import { REQUERY_JOB } from '../../../src/modules/purchases/index.ts';
import { startWorker, type Worker } from '../../../src/worker.ts';
import { createTestApp, testConfig, type TestApp } from '../../helpers/app.ts';
import { createScratchDatabase, databaseKinds, openTestDatabase } from '../../helpers/database.ts';
import { freePort } from '../../helpers/net.ts';
import { createProcessGroup } from '../../helpers/processes.ts';
import { buy, fundedCustomer, resolvePending } from '../../helpers/purchases.ts';

// split roles need PostgreSQL (the config refuses them on the embedded database)
describe.runIf(databaseKinds.includes('postgres'))('ROLE=web and ROLE=worker on one PostgreSQL', () => {
  let database: DatabaseHandle;
  let web: TestApp;
  let worker: Worker | undefined;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    web = await createTestApp('postgres', { database, runWorkers: false });
  });
  afterAll(async () => {
    await worker?.close();
    await web.close();
    await database.close();
  });

  const requeryJobs = async (purchaseId: string) =>
    queryRows<{ state: string; start_after: Date }>(
      database.db,
      sql`select state::text, start_after from jobs.job
        where name = ${REQUERY_JOB} and data->>'purchaseId' = ${purchaseId} and start_after <= now()`,
    );

  it('a web process only queues the requery of a pending purchase; a worker process runs it', async () => {
    const { client } = await fundedCustomer(web, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '100' });
    expect(purchase?.status).toBe('pending');
    const purchaseId = purchase?.id ?? '';
    // VTpass delivers and calls the web process back, which asks for a requery now
    await resolvePending(web, purchase);
    expect((await requeryJobs(purchaseId)).map((job) => job.state)).toEqual(['created']);
    // a process running workers takes a job it sent itself at once (and polls every 0.5 s): watching for
    // several polling rounds shows nobody here runs it
    const watchUntil = Date.now() + 2_000;
    while (Date.now() < watchUntil) {
      expect((await requeryJobs(purchaseId)).map((job) => job.state)).toEqual(['created']);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const statusOf = async () =>
      (await client.get(`/api/v1/purchases/${purchase?.requestId ?? ''}`)).json<{ purchase: Purchase }>()
        .purchase.status;
    expect(await statusOf()).toBe('pending');

    // a worker with no HTTP of its own, reaching the sandbox simulator on the web process
    worker = await startWorker({
      config: testConfig,
      database,
      log: pino({ level: 'silent' }),
      webUrl: web.selfUrl,
      jobPollingSeconds: 0.5,
    });
    await vi.waitFor(
      async () => {
        expect(await statusOf()).toBe('delivered');
        expect((await requeryJobs(purchaseId)).map((job) => job.state)).toEqual(['completed']);
      },
      { timeout: 20_000, interval: 200 },
    );
    expect((await web.container.ledger.verify()).problems).toEqual([]);
  });
});

describe.runIf(databaseKinds.includes('postgres'))('a ROLE=worker process', () => {
  const processes = createProcessGroup();
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  afterAll(async () => {
    await processes.stopAll();
    await scratch?.drop();
  });

  it('listens on no port, and on SIGTERM stops its job queue and exits cleanly', async () => {
    const serverUrl = process.env['TEST_DATABASE_URL'];
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
    scratch = await createScratchDatabase(serverUrl);
    const port = await freePort();
    const worker = await processes.startWorker('worker', {
      DATABASE_URL: scratch.url,
      AUTH_SECRET: 'roles-auth-secret-0123456789abcdef',
      PIN_PEPPER: 'roles-pin-pepper-0123456789abcdef',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qv-worker-')),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    await processes.stop(worker, 'SIGTERM');
    expect(worker.child.exitCode, worker.output()).toBe(0);
    expect(worker.output()).toContain('shutting down');
  }, 90_000);
});
