import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client.ts';

const CHANNEL = 'qv_cache_events';

const message = z.object({ topic: z.string(), key: z.string() });

/**
 * Tells every server process on the database that something it may have cached is stale (a revoked key, a
 * suspended user, a changed price). Caches stay the fallback: a process whose listener connection dropped
 * still forgets within its own cache time.
 */
export type CacheEvents = {
  /**
   * Forgets `key` of `topic` in this process at once and in the others on notification. Call it after the
   * change has committed, so no process can read the old value back. Never throws: a failure is logged.
   */
  publish: (topic: string, key: string) => Promise<void>;
  /**
   * Calls `onStale(key)` for each key of `topic` published by any process, and `onStale(null)` (forget
   * everything) after the listener lost its connection and may have missed some. Returns a function to stop.
   */
  subscribe: (topic: string, onStale: (key: string | null) => void) => () => void;
  close: () => Promise<void>;
};

export async function startCacheEvents(
  database: Pick<DatabaseHandle, 'listen' | 'notify'>,
  log: FastifyBaseLogger,
): Promise<CacheEvents> {
  const subscribers = new Map<string, Set<(key: string | null) => void>>();

  function deliver(topic: string, key: string | null): void {
    for (const onStale of subscribers.get(topic) ?? []) {
      try {
        onStale(key);
      } catch (error) {
        log.error({ err: error, topic }, 'a cache could not forget a stale entry');
      }
    }
  }

  const stopListening = await database.listen(
    CHANNEL,
    (payload) => {
      try {
        const { topic, key } = message.parse(JSON.parse(payload));
        deliver(topic, key);
      } catch (error) {
        log.warn({ err: error }, 'ignored an unreadable cache event');
      }
    },
    () => {
      log.warn('cache events listener reconnected; forgetting every cached entry');
      for (const topic of subscribers.keys()) deliver(topic, null);
    },
  );

  return {
    async publish(topic, key) {
      deliver(topic, key);
      try {
        await database.notify(CHANNEL, JSON.stringify({ topic, key }));
      } catch (error) {
        log.error({ err: error, topic }, 'could not tell other processes about a stale cache entry');
      }
    },
    subscribe(topic, onStale) {
      const forTopic = subscribers.get(topic) ?? new Set();
      subscribers.set(topic, forTopic);
      forTopic.add(onStale);
      return () => {
        forTopic.delete(onStale);
      };
    },
    close: stopListening,
  };
}
