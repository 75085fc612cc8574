import type { FastifyBaseLogger } from 'fastify';
import { createDeliveryQueue, type DeliveryQueue } from '../delivery.ts';

export type CallbackDispatcher = Omit<DeliveryQueue, 'send'> & {
  /** Starts a delivery in the background; never throws and never blocks the caller. */
  send(payload: { type: string; data: { requestId: string } }): void;
};

// VTpass gives up after 5 attempts (providers.md §1.10)
const MAX_ATTEMPTS = 5;

/** VTpass counts a callback as delivered only when the answer is `{"response":"success"}`. */
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
  const queue = createDeliveryQueue({
    ...options,
    retryDelaysMs: options.retryDelaysMs.slice(0, MAX_ATTEMPTS - 1),
    name: 'vtpass simulator: callback',
    headersFor: () => ({}),
    isAcknowledged,
  });
  return {
    ...queue,
    send(payload) {
      queue.send(Buffer.from(JSON.stringify(payload), 'utf8'), {
        type: payload.type,
        requestId: payload.data.requestId,
      });
    },
  };
}
