import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Transaction } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { domainEvents } from './domain-events.tables.ts';
import type { JobQueue } from './jobs.ts';

/**
 * Every event's payload by type. Each module adds its own events to this map beside the code that publishes them
 * (`declare module '../../lib/domain-events.ts'` in `modules/<name>/<name>.events.ts`), so a subscriber names an
 * event by its type and gets its payload typed without importing the publishing module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/consistent-type-definitions -- filled in by declaration merging
export interface DomainEventMap {}

export type DomainEventType = Extract<keyof DomainEventMap, string>;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

/** A change that has committed, as it travels and is stored: JSON only, ids and what subscribers need. */
export type DomainEvent<K extends DomainEventType = DomainEventType> = {
  [T in K]: { id: string; type: T; payload: DomainEventMap[T] };
}[K];

/** Any event as the bus handles it, whatever its type. */
export type AnyDomainEvent = { id: string; type: string; payload: unknown };

/**
 * The event of one change. `key` is what makes it unique among events of its type (`purchase.delivered:<id>`), so
 * a replay of the same change makes the same id and is published once.
 */
export function domainEvent<K extends DomainEventType>(
  type: K,
  key: string,
  payload: DomainEventMap[K] & Json,
): DomainEvent<K> {
  return { id: `${type}:${key}`, type, payload };
}

/**
 * `durable`: through the job queue, one job per (subscriber, event id), retried until it succeeds: for what a
 * customer must not miss. `in-process`: called in the process that publishes the event, once; for what a miss
 * does not harm (metrics, live announcements).
 */
export type Delivery = 'durable' | 'in-process';

type Subscription = {
  subscriber: string;
  type: string;
  delivery: Delivery;
  handle: (payload: never, event: AnyDomainEvent) => Promise<void> | void;
};

export const SWEEP_EVENTS_JOB = 'events.sweep';
/** published events are kept this long: a replay within it publishes nothing */
const KEEP_PUBLISHED_DAYS = 30;
const SWEEP_BATCH = 500;

const queueOf = (subscriber: string) => `events.${subscriber}`;
const jobData = z.object({
  event: z.object({ id: z.string(), type: z.string(), payload: z.record(z.string(), z.unknown()) }),
});

export type DomainEventsDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
};

/**
 * The event bus. A change records its event in its own transaction (`record`), then publishes it once committed
 * (`publish`); the sweep publishes what a crash left recorded but unpublished. Publishing gives each durable subscriber its job, marks the event published, and only
 * then calls the in-process subscribers, so a second publish (a replay, another process, the sweep) finds the
 * event published and does nothing.
 */
export function createDomainEvents(deps: DomainEventsDeps) {
  const { db, clock, log } = deps;
  const subscriptions: Subscription[] = [];
  const inFlight = new Set<Promise<void>>();

  const subscribersOf = (type: string) => subscriptions.filter((s) => s.type === type);

  /**
   * `justRecorded`: the caller recorded the event in the transaction that has just committed, so it is stored
   * and, but for a sweep racing it (whose jobs the dedupe key merges), unpublished: neither needs a statement.
   */
  async function publishNow(event: AnyDomainEvent, options: { justRecorded?: boolean } = {}): Promise<void> {
    const inserted = options.justRecorded
      ? [event]
      : await db
          .insert(domainEvents)
          .values({ id: event.id, type: event.type, payload: event.payload, occurredAt: clock.now() })
          .onConflictDoNothing()
          .returning({ id: domainEvents.id });
    // a new row is unpublished; only a replay (or a recorded event) needs to look whether it was published
    if (inserted.length === 0) {
      const [stored] = await db
        .select({ publishedAt: domainEvents.publishedAt })
        .from(domainEvents)
        .where(eq(domainEvents.id, event.id));
      if (stored?.publishedAt) return;
    }
    const subscribers = subscribersOf(event.type);
    for (const { subscriber } of subscribers.filter((s) => s.delivery === 'durable'))
      await deps.jobs.send(queueOf(subscriber), { event }, { dedupeKey: event.id });
    const marked = await db
      .update(domainEvents)
      .set({ publishedAt: clock.now() })
      .where(and(eq(domainEvents.id, event.id), isNull(domainEvents.publishedAt)))
      .returning({ id: domainEvents.id });
    // another publisher marked it first: its process calls the in-process subscribers
    if (marked.length === 0) return;
    for (const subscription of subscribers.filter((s) => s.delivery === 'in-process')) {
      try {
        await subscription.handle(event.payload as never, event);
      } catch (error) {
        log.warn(
          { err: error, eventId: event.id, subscriber: subscription.subscriber },
          'a subscriber failed',
        );
      }
    }
  }

  /**
   * Publishes what a crash left unpublished: recorded events that occurred more than
   * `settledForMs` ago (a publish in flight is left to finish; publishing one twice would be harmless anyway).
   * @returns how many it published
   */
  async function sweep(options: { settledForMs?: number } = {}): Promise<number> {
    const before = new Date(clock.now().getTime() - (options.settledForMs ?? 30_000));
    const recorded = await db
      .select({ id: domainEvents.id, type: domainEvents.type, payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(isNull(domainEvents.publishedAt), lt(domainEvents.occurredAt, before)))
      .orderBy(asc(domainEvents.occurredAt))
      .limit(SWEEP_BATCH);
    let published = 0;
    for (const event of recorded) {
      try {
        await publishNow(event);
        published += 1;
      } catch (error) {
        log.error({ err: error, eventId: event.id }, 'the sweep could not publish an event');
      }
    }
    return published;
  }

  /** Forgets published events older than the replay window, a batch at a time. */
  async function prune(): Promise<void> {
    const cutoff = new Date(clock.now().getTime() - KEEP_PUBLISHED_DAYS * 86_400_000);
    const old = db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(lt(domainEvents.publishedAt, cutoff))
      .limit(SWEEP_BATCH);
    await db.delete(domainEvents).where(inArray(domainEvents.id, old));
  }

  return {
    /**
     * `handler` hears of every event of `type`, once. A durable subscriber may run in any process, again after a
     * failure: it must be idempotent. Subscribe while the container is built, before `registerJobs`.
     */
    subscribe<K extends DomainEventType>(
      type: K,
      subscriber: string,
      delivery: Delivery,
      handler: (payload: DomainEventMap[K], event: DomainEvent<K>) => Promise<void> | void,
    ): void {
      if (!/^[a-z][a-z0-9-]*$/.test(subscriber))
        throw new Error(`a subscriber is named in kebab-case: ${subscriber}`);
      if (subscriptions.some((s) => s.subscriber === subscriber && s.type === type))
        throw new Error(`${subscriber} already subscribes to ${type}`);
      subscriptions.push({
        subscriber,
        type,
        delivery,
        handle: handler as unknown as Subscription['handle'],
      });
    },

    /** Writes the event in the change's own transaction: once that commits, a crash cannot lose it. */
    async record(event: AnyDomainEvent, tx: Transaction): Promise<void> {
      await tx
        .insert(domainEvents)
        .values({ id: event.id, type: event.type, payload: event.payload, occurredAt: clock.now() })
        .onConflictDoNothing();
    },

    /**
     * Publishes a committed change's event without holding up the caller; a failure is logged, and a recorded
     * event is published by the next sweep. `drain` waits for these.
     */
    publish(event: AnyDomainEvent, options: { justRecorded?: boolean } = {}): void {
      const tracked = publishNow(event, options).catch((error: unknown) => {
        log.error({ err: error, eventId: event.id }, 'an event was not published');
      });
      inFlight.add(tracked);
      void tracked.finally(() => inFlight.delete(tracked));
    },

    /** As `publish`, for a caller that must know it is done (a job: its retry then publishes again). */
    publishNow,

    sweep,
    prune,

    /**
     * One worker per durable subscriber, and the sweep every minute (its own schedule: across processes it fires
     * once per tick). Call once every module has subscribed.
     */
    async registerJobs(jobs: Pick<JobQueue, 'work' | 'schedule'>): Promise<void> {
      const durable = [
        ...new Set(subscriptions.filter((s) => s.delivery === 'durable').map((s) => s.subscriber)),
      ];
      for (const subscriber of durable) {
        await jobs.work(queueOf(subscriber), jobData, async ({ event }) => {
          const subscription = subscriptions.find(
            (s) => s.subscriber === subscriber && s.type === event.type,
          );
          // queued by a build that subscribed to it, taken by one that no longer does
          if (!subscription) return;
          await subscription.handle(event.payload as never, event);
        });
      }
      await jobs.work(SWEEP_EVENTS_JOB, z.object({}), async () => {
        const published = await sweep();
        if (published > 0) log.info({ published }, 'published events a crash had left behind');
        await prune();
      });
      await jobs.schedule(SWEEP_EVENTS_JOB, '* * * * *');
    },

    /** Waits for the publishes in flight (before the job queue stops). */
    async drain(): Promise<void> {
      await Promise.all(inFlight);
    },

    /** The queue a durable subscriber's jobs go to, for tests and operators. */
    queueOf,
  };
}

export type DomainEvents = ReturnType<typeof createDomainEvents>;
