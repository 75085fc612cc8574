import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';

export type DeliveryQueue = {
  /** Starts a delivery in the background; never throws and never blocks the caller. */
  send(body: Buffer, context: Record<string, string>): void;
  /** Resolves once every delivery started so far has succeeded or given up. */
  flush(): Promise<void>;
  countAttempts(): number;
  close(): void;
};

const ATTEMPT_TIMEOUT_MS = 30_000;

/** How a simulated vendor POSTs its notifications: in the background, retried after each delay, then given up. */
export function createDeliveryQueue(options: {
  /** for the logs, e.g. 'paystack simulator: webhook' */
  name: string;
  url: string;
  retryDelaysMs: readonly number[];
  log: FastifyBaseLogger;
  fetchImpl: typeof fetch;
  headersFor: (body: Buffer) => Record<string, string>;
  isAcknowledged: (response: Response) => Promise<boolean>;
}): DeliveryQueue {
  const { name, url, retryDelaysMs, log, fetchImpl } = options;
  const inFlight = new Set<Promise<void>>();
  const closing = new AbortController();
  let attempts = 0;

  async function deliver(body: Buffer, context: Record<string, string>): Promise<void> {
    const headers = { 'content-type': 'application/json', ...options.headersFor(body) };
    for (let retry = 0; !closing.signal.aborted; retry++) {
      attempts++;
      let outcome: string;
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.any([closing.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
        });
        if (await options.isAcknowledged(response)) {
          log.info({ ...context, attempt: retry + 1 }, `${name} delivered`);
          return;
        }
        outcome = `answered ${response.status} without acknowledging`;
      } catch (error) {
        outcome = error instanceof Error ? error.message : String(error);
      }
      const delay = retryDelaysMs[retry];
      if (delay === undefined) {
        log.warn({ ...context, attempts: retry + 1, outcome }, `${name} given up`);
        return;
      }
      log.info({ ...context, outcome, retryInMs: delay }, `${name} will be retried`);
      try {
        await sleep(delay, undefined, { signal: closing.signal });
      } catch {
        return;
      }
    }
  }

  return {
    send(body, context) {
      const delivery: Promise<void> = deliver(body, context)
        .catch((error: unknown) => {
          log.error({ err: error }, `${name} delivery crashed`);
        })
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    async flush() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    countAttempts: () => attempts,
    close() {
      closing.abort();
    },
  };
}
