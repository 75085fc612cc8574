import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that follows a committed change without holding up its request: a failure is logged, never thrown, and
 * `settled()` waits for all of it (a closing server lets it finish).
 */
export function createInFlight(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  return {
    track(work: Promise<void>, failure: string): void {
      const tracked = work.catch((error: unknown) => {
        log.error({ err: error }, failure);
      });
      running.add(tracked);
      void tracked.finally(() => running.delete(tracked));
    },
    settled: () => Promise.all(running),
  };
}
