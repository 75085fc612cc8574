import type { FastifyBaseLogger } from 'fastify';
import { signPaystackBody } from '../../paystack/paystack.signature.ts';
import { createDeliveryQueue, type DeliveryQueue } from '../delivery.ts';

export type WebhookDispatcher = Omit<DeliveryQueue, 'send'> & {
  /** Starts a delivery in the background; never throws and never blocks the caller. */
  send(payload: { event: string; data: { reference: string } }): void;
};

/** Paystack signs the exact bytes it sends and counts any 200 as delivered. */
export function createWebhookDispatcher(options: {
  url: string;
  secretKey: string;
  retryDelaysMs: readonly number[];
  log: FastifyBaseLogger;
  fetchImpl: typeof fetch;
}): WebhookDispatcher {
  const queue = createDeliveryQueue({
    ...options,
    name: 'paystack simulator: webhook',
    headersFor: (body) => ({ 'x-paystack-signature': signPaystackBody(body, options.secretKey) }),
    isAcknowledged: async (response) => {
      await response.arrayBuffer();
      return response.status === 200;
    },
  });
  return {
    ...queue,
    send(payload) {
      queue.send(Buffer.from(JSON.stringify(payload), 'utf8'), {
        event: payload.event,
        reference: payload.data.reference,
      });
    },
  };
}
