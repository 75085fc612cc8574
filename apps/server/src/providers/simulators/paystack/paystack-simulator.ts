import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { registerAccountApi } from './paystack-simulator.accounts.ts';
import { alterTransaction, registerCheckoutRoutes } from './paystack-simulator.checkout.ts';
import { refuse } from './paystack-simulator.http.ts';
import { SIMULATOR_CSS } from './paystack-simulator.pages.ts';
import { createPaystackState, type PaystackSimContext } from './paystack-simulator.state.ts';
import { createDatabasePaystackStore, createMemoryPaystackStore } from './paystack-simulator.store.ts';
import { registerTransactionApi } from './paystack-simulator.transactions.ts';
import { registerTransferRoutes } from './paystack-simulator.transfers.ts';
import { createWebhookDispatcher } from './paystack-simulator.webhooks.ts';

export type PaystackSimulatorOptions = {
  /** Where the simulator is mounted, e.g. `/sandbox/paystack`; the gateway's base URL is origin + prefix. */
  prefix: string;
  secretKey: string;
  publicKey: string;
  webhookUrl: string;
  productName: string;
  /** Waits before each webhook retry; default [1000, 5000, 30000, 120000]. */
  retryDelaysMs?: number[];
  log?: FastifyBaseLogger;
  /** Origin put in `authorization_url`, e.g. the app URL the browser uses. Default: the request's protocol and host. */
  publicOrigin?: string;
  /** Sends the webhooks; tests may route them elsewhere. Default: the platform fetch. */
  fetchImpl?: typeof fetch;
  /**
   * Where customers, accounts and transactions live, shared by every simulator on this database (several
   * server processes answer alike). Without one they live in this process's memory and end with it.
   */
  database?: Database;
};

export type PaystackSimulator = {
  /** Resolves once every webhook delivery started so far has succeeded or given up. */
  flush(): Promise<void>;
  /** Webhook POSTs attempted so far, retries included. */
  countDeliveryAttempts(): number;
  /** While `isFailing`, verifying `reference` here answers 500, as Paystack does when it has an error. */
  failVerify(reference: string, isFailing: boolean): void;
  /** How many times `reference` was verified here. */
  countVerifies(reference: string): number;
  /**
   * Pays (with the success card) or declines a transaction with no webhook, as when Paystack's never arrives.
   * @returns false when there is no such transaction or it was paid already
   */
  alterTransaction(reference: string, status: 'success' | 'failed'): Promise<boolean>;
};

/**
 * Sandbox only: a Paystack stand-in speaking the API of providers.md §2 (initialize, verify, customers,
 * dedicated accounts), with a checkout page driven by the test cards and signed, retried webhooks.
 * Its state lives in `options.database` when given, else in memory.
 */
export function registerPaystackSimulator(
  app: FastifyInstance,
  options: PaystackSimulatorOptions,
): PaystackSimulator {
  const prefix = options.prefix.replace(/\/+$/, '');
  const { secretKey, productName } = options;
  const log = options.log ?? app.log;
  const webhooks = createWebhookDispatcher({
    url: options.webhookUrl,
    secretKey,
    retryDelaysMs: options.retryDelaysMs ?? [1000, 5000, 30_000, 120_000],
    log,
    fetchImpl: options.fetchImpl ?? fetch,
  });
  const context: PaystackSimContext = {
    prefix,
    productName,
    cssHref: `${prefix}/assets/checkout.css`,
    publicOrigin: options.publicOrigin === undefined ? undefined : new URL(options.publicOrigin).origin,
    state: createPaystackState(
      options.database ? createDatabasePaystackStore(options.database) : createMemoryPaystackStore(),
    ),
    webhooks,
    verifies: { failing: new Set(), asked: new Map() },
  };

  void app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => {
          const text = typeof body === 'string' ? body : body.toString('utf8');
          done(null, Object.fromEntries(new URLSearchParams(text)));
        },
      );
      scope.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
        const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
        if (status >= 500) request.log.error({ err: error }, 'paystack simulator failed');
        return refuse(reply, status, status >= 500 ? 'An error occurred' : error.message);
      });
      scope.addHook('onClose', () => {
        webhooks.close();
      });

      scope.get('/assets/checkout.css', (_request, reply) =>
        reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(SIMULATOR_CSS),
      );

      await scope.register((api, _options, done) => {
        const expected = `Bearer ${secretKey}`;
        api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
          if (request.headers.authorization !== expected) return refuse(reply, 401, 'Invalid key');
          return undefined;
        });
        registerTransactionApi(api, context);
        registerAccountApi(api, context);
        done();
      });

      registerCheckoutRoutes(scope, context);
      registerTransferRoutes(scope, context);
    },
    { prefix },
  );

  return {
    flush: () => webhooks.flush(),
    countDeliveryAttempts: () => webhooks.countAttempts(),
    failVerify(reference, isFailing) {
      if (isFailing) context.verifies.failing.add(reference);
      else context.verifies.failing.delete(reference);
    },
    countVerifies: (reference) => context.verifies.asked.get(reference) ?? 0,
    alterTransaction: (reference, status) => alterTransaction(context.state, reference, status),
  };
}
