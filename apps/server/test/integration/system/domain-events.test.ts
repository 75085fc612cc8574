import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationsResponse } from '@quickvend/shared/api/notifications';
import { queryRows, type DatabaseHandle } from '../../../src/db/client.ts';
import { createDomainEvents, type AnyDomainEvent } from '../../../src/lib/domain-events.ts';
import type { JobQueue } from '../../../src/lib/jobs.ts';
import { fundingCreditedEvent } from '../../../src/modules/funding/index.ts';
import { purchaseEventOf } from '../../../src/modules/purchases/index.ts';
import { createTestApp, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { databaseKinds, describeEachDatabase, openTestDatabase } from '../../helpers/database.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

const silent = pino({ level: 'silent' });

/** A job queue that keeps what it is sent, refusing a second job with the same name and key as pg-boss does. */
function fakeQueue() {
  const sent = new Map<string, object>();
  const workers = new Map<string, (data: unknown) => Promise<void>>();
  const queue: Pick<JobQueue, 'send' | 'work' | 'schedule'> = {
    send: (name, data, options) => {
      const id = `${name}:${options?.dedupeKey ?? String(sent.size)}`;
      if (sent.has(id)) return Promise.resolve(null);
      sent.set(id, data);
      return Promise.resolve(id);
    },
    work: async (name, schema, handler) => {
      workers.set(name, async (data) => handler(schema.parse(data)));
      return Promise.resolve();
    },
    schedule: () => Promise.resolve(),
  };
  return { queue, sent, workers };
}

const credit = (reference: string) =>
  fundingCreditedEvent({ userId: 'usr_x', reference, method: 'card', amountKobo: 50_000, senderName: null });

describeEachDatabase('the event bus', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  function busWith(jobs: ReturnType<typeof fakeQueue>) {
    const events = createDomainEvents({
      db: database.db,
      jobs: jobs.queue,
      clock: { now: () => new Date() },
      log: silent,
    });
    const counted: string[] = [];
    const noticed: string[] = [];
    events.subscribe('funding.credited', 'metrics', 'in-process', (payload) => {
      counted.push(payload.reference);
    });
    events.subscribe('funding.credited', 'notifications', 'durable', (payload) => {
      noticed.push(payload.reference);
    });
    return { events, counted, noticed };
  }

  it('gives each durable subscriber one job and calls each in-process one once, however often it is published', async () => {
    const jobs = fakeQueue();
    const { events, counted } = busWith(jobs);
    const event = credit('ref-replayed');
    await Promise.all([events.publishNow(event), events.publishNow(event)]);
    await events.publishNow(event);
    expect([...jobs.sent.keys()]).toEqual([`events.notifications:${event.id}`]);
    expect(counted).toEqual(['ref-replayed']);
  });

  it('hands a durable job to its subscriber with the payload as published', async () => {
    const jobs = fakeQueue();
    const { events, noticed } = busWith(jobs);
    await events.registerJobs(jobs.queue);
    await events.publishNow(credit('ref-worked'));
    const [data] = jobs.sent.values();
    await jobs.workers.get(events.queueOf('notifications'))?.(data);
    expect(noticed).toEqual(['ref-worked']);
  });

  it('publishes, once, an event recorded in a transaction whose publish never came', async () => {
    const jobs = fakeQueue();
    const { events, counted } = busWith(jobs);
    const event = credit('ref-crashed');
    await database.db.transaction((tx) => events.record(event, tx));
    expect(jobs.sent.size).toBe(0);
    // another process sweeps: a recorded event still settling is left to its own publisher
    expect(await events.sweep()).toBe(0);
    expect(await events.sweep({ settledForMs: 0 })).toBeGreaterThanOrEqual(1);
    expect(await events.sweep({ settledForMs: 0 })).toBe(0);
    expect([...jobs.sent.keys()]).toEqual([`events.notifications:${event.id}`]);
    expect(counted).toEqual(['ref-crashed']);
  });

  it('refuses a second subscription of one subscriber to one event', () => {
    const { events } = busWith(fakeQueue());
    expect(() => {
      events.subscribe('funding.credited', 'metrics', 'in-process', () => undefined);
    }).toThrow(/already subscribes/);
  });
});

// PGlite is one process's embedded database: only PostgreSQL has two server processes sharing one database
describe.runIf(databaseKinds.includes('postgres'))(
  'events published twice, by two processes, or never',
  () => {
    let database: DatabaseHandle;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      database = await openTestDatabase('postgres');
      a = await createTestApp('postgres', { database });
      // a ROLE=web process: it publishes and sweeps; the jobs run on a, so a crash simulated on a is not undone by b
      b = await createTestApp('postgres', { database, runWorkers: false });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
      await database.close();
    });

    /** How many jobs each durable subscriber was given for the event. */
    const jobsFor = async (eventId: string) =>
      queryRows<{ name: string; jobs: number }>(
        database.db,
        sql`select name, count(*)::int as jobs from jobs.job where name like 'events.%'
        and data->'event'->>'id' = ${eventId} group by name order by name`,
      );
    const noticesLinked = async (client: TestClient, link: string) =>
      (await client.get('/api/v1/notifications?limit=50'))
        .json<NotificationsResponse>()
        .notifications.filter((n) => n.link === link);
    const savedNumbers = async (client: TestClient) =>
      (await client.get('/api/v1/beneficiaries')).json<{ beneficiaries: { number: string }[] }>()
        .beneficiaries;

    const buyAirtime = async (client: TestClient) => {
      const { purchase } = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '100' });
      expect(purchase?.status).toBe('delivered');
      if (!purchase) throw new Error('no purchase');
      return purchase;
    };

    it('a purchase delivered once and its event published again from both processes: one notice, one job each', async () => {
      const { client } = await fundedCustomer(a, 1_000);
      const purchase = await buyAirtime(client);
      const link = `/transactions/${purchase.requestId}`;
      await vi.waitFor(
        async () => {
          expect(await noticesLinked(client, link)).toHaveLength(1);
        },
        {
          timeout: 10_000,
        },
      );
      const row = await a.container.purchases.findById(purchase.id);
      const event = row && purchaseEventOf(row);
      if (!event) throw new Error('no event');
      await Promise.all([a, b, a, b].map((app) => app.container.events.publishNow(event)));
      expect(await jobsFor(event.id)).toEqual([
        { name: 'events.approvals', jobs: 1 },
        { name: 'events.beneficiaries', jobs: 1 },
        { name: 'events.notifications', jobs: 1 },
        { name: 'events.partner-webhooks', jobs: 1 },
      ]);
      expect(await noticesLinked(client, link)).toHaveLength(1);
    });

    it('a purchase whose process died before publishing: the sweep of either process tells of it once', async () => {
      const { client } = await fundedCustomer(a, 1_000);
      const dropped: AnyDomainEvent[] = [];
      const crash = vi.spyOn(a.container.events, 'publish').mockImplementation((event) => {
        dropped.push(event);
      });
      const purchase = await buyAirtime(client).finally(() => {
        crash.mockRestore();
      });
      const eventId = `purchase.delivered:${purchase.id}`;
      expect(dropped.map((event) => event.id)).toEqual([eventId]);
      const link = `/transactions/${purchase.requestId}`;
      expect(await noticesLinked(client, link)).toEqual([]);
      expect(await savedNumbers(client)).toEqual([]);

      await Promise.all([a, b].map((app) => app.container.events.sweep({ settledForMs: 0 })));
      await vi.waitFor(
        async () => {
          expect(await noticesLinked(client, link)).toHaveLength(1);
          expect((await savedNumbers(client)).map((saved) => saved.number)).toEqual(['08011111111']);
        },
        { timeout: 10_000 },
      );
      await Promise.all([a, b].map((app) => app.container.events.sweep({ settledForMs: 0 })));
      expect((await jobsFor(eventId)).map((queue) => queue.jobs)).toEqual([1, 1, 1, 1]);
      expect(await noticesLinked(client, link)).toHaveLength(1);
    });

    it('a card funding recorded with its credit, whose publish never came: told once by the sweeps', async () => {
      const { client, email } = await signUp(a.app);
      const { checkout, payment } = await startCardPayment(client, email, '500');
      const crash = vi.spyOn(a.container.events, 'publish').mockImplementation(() => undefined);
      try {
        expect((await payOnCheckout(a, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
        expect(
          (await client.post('/api/v1/funding/card/confirm', { reference: payment.reference })).statusCode,
        ).toBe(200);
      } finally {
        crash.mockRestore();
      }
      const eventId = `funding.credited:${payment.reference}`;
      const [recorded] = await queryRows<{ published: boolean }>(
        database.db,
        sql`select published_at is not null as published from domain_events where id = ${eventId}`,
      );
      expect(recorded).toEqual({ published: false });

      await Promise.all([b, a, b].map((app) => app.container.events.sweep({ settledForMs: 0 })));
      await vi.waitFor(
        async () => {
          expect(await noticesLinked(client, '/wallet')).toHaveLength(1);
        },
        {
          timeout: 10_000,
        },
      );
      expect(await jobsFor(eventId)).toEqual([
        { name: 'events.notifications', jobs: 1 },
        { name: 'events.partner-webhooks', jobs: 1 },
        { name: 'events.referrals', jobs: 1 },
      ]);
    });
  },
);
