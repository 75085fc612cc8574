import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';

export type CallbackDispatcher = {
  /** Starts a delivery in the background; never throws and never blocks the caller. */
  send(payload: { type: string; data: { requestId: string } }): void;
  /** Resolves once every delivery started so far has succeeded or given up. */
  flush(): Promise<void>;
  countAttempts(): number;
  close(): void;
};

const ATTEMPT_TIMEOUT_MS = 30_000;
// VTpass gives up after 5 attempts (providers.md §1.10)
const MAX_ATTEMPTS = 5;

async function isAcknowledged(response: Response): Promise<boolean> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === 'object' && body !== null && 'response' in body && body.response === 'success';
  } catch {
    return false;
  }
}

export function createCallbackDispatcher(options: {
  url: string;
  retryDelaysMs: readonly number[];
  log: FastifyBaseLogger;
  fetchImpl: typeof fetch;
}): CallbackDispatcher {
  const { url, log, fetchImpl } = options;
  const retryDelaysMs = options.retryDelaysMs.slice(0, MAX_ATTEMPTS - 1);
  const inFlight = new Set<Promise<void>>();
  const closing = new AbortController();
  let attempts = 0;

  async function deliver(type: string, requestId: string, body: string): Promise<void> {
    for (let retry = 0; !closing.signal.aborted; retry++) {
      attempts++;
      let outcome: string;
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          redirect: 'manual',
          signal: AbortSignal.any([closing.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
        });
        if (await isAcknowledged(response)) {
          log.info({ type, requestId, attempt: retry + 1 }, 'vtpass simulator: callback delivered');
          return;
        }
        outcome = `answered ${response.status} without {"response":"success"}`;
      } catch (error) {
        outcome = error instanceof Error ? error.message : String(error);
      }
      const delay = retryDelaysMs[retry];
      if (delay === undefined) {
        log.warn({ type, requestId, attempts: retry + 1, outcome }, 'vtpass simulator: callback given up');
        return;
      }
      log.info({ type, requestId, outcome, retryInMs: delay }, 'vtpass simulator: callback will be retried');
      try {
        await sleep(delay, undefined, { signal: closing.signal });
      } catch {
        return;
      }
    }
  }

  return {
    send(payload) {
      const delivery: Promise<void> = deliver(payload.type, payload.data.requestId, JSON.stringify(payload))
        .catch((error: unknown) => {
          log.error({ err: error }, 'vtpass simulator: callback delivery crashed');
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
