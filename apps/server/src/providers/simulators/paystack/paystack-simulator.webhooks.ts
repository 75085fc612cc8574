import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { signPaystackBody } from '../../paystack/paystack.signature.ts';

export type WebhookDispatcher = {
  /** Starts a delivery in the background; never throws and never blocks the caller. */
  send(payload: { event: string; data: { reference: string } }): void;
  /** Resolves once every delivery started so far has succeeded or given up. */
  flush(): Promise<void>;
  countAttempts(): number;
  close(): void;
};

const ATTEMPT_TIMEOUT_MS = 30_000;

export function createWebhookDispatcher(options: {
  url: string;
  secretKey: string;
  retryDelaysMs: readonly number[];
  log: FastifyBaseLogger;
  fetchImpl: typeof fetch;
}): WebhookDispatcher {
  const { url, secretKey, retryDelaysMs, log, fetchImpl } = options;
  const inFlight = new Set<Promise<void>>();
  const closing = new AbortController();
  let attempts = 0;

  async function deliver(event: string, reference: string, body: Buffer): Promise<void> {
    const signature = signPaystackBody(body, secretKey);
    for (let retry = 0; !closing.signal.aborted; retry++) {
      attempts++;
      let outcome: string;
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
          body,
          redirect: 'manual',
          signal: AbortSignal.any([closing.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
        });
        await response.arrayBuffer();
        if (response.status === 200) {
          log.info({ event, reference, attempt: retry + 1 }, 'paystack simulator: webhook delivered');
          return;
        }
        outcome = `answered ${response.status}`;
      } catch (error) {
        outcome = error instanceof Error ? error.message : String(error);
      }
      const delay = retryDelaysMs[retry];
      if (delay === undefined) {
        log.warn({ event, reference, attempts: retry + 1, outcome }, 'paystack simulator: webhook given up');
        return;
      }
      log.info(
        { event, reference, outcome, retryInMs: delay },
        'paystack simulator: webhook will be retried',
      );
      try {
        await sleep(delay, undefined, { signal: closing.signal });
      } catch {
        return;
      }
    }
  }

  return {
    send(payload) {
      // the signature covers exactly these bytes
      const body = Buffer.from(JSON.stringify(payload), 'utf8');
      const delivery: Promise<void> = deliver(payload.event, payload.data.reference, body)
        .catch((error: unknown) => {
          log.error({ err: error }, 'paystack simulator: webhook delivery crashed');
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
