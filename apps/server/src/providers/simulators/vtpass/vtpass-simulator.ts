import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { kobo, parseNaira } from '@quickvend/shared/money';
import type { Database } from '../../../db/client.ts';
import { realTimers, type SimulatorTimers } from '../timers.ts';
import { createCallbackDispatcher } from './vtpass-simulator.callbacks.ts';
import {
  CATEGORIES,
  SERVICES,
  SERVICES_BY_ID,
  type ProductKind,
  type SimService,
} from './vtpass-simulator.catalog.ts';
import { registerPurchaseApi, registerPurchaseControls } from './vtpass-simulator.purchases.ts';
import { createVtpassState, type VtpassSimContext } from './vtpass-simulator.state.ts';
import { createDatabaseVtpassStore, createMemoryVtpassStore } from './vtpass-simulator.store.ts';
import { verifyCustomer } from './vtpass-simulator.verify.ts';
import {
  INVALID_ARGUMENTS,
  INVALID_CREDENTIALS,
  NO_PRODUCT,
  answer,
  asBody,
  nairaNumber,
} from './vtpass-simulator.wire.ts';

export { SANDBOX_VALUES } from './vtpass-simulator.scenarios.ts';

export type VtpassSimulatorOptions = {
  /** Where the simulator is mounted, e.g. `/sandbox/vtpass/api`; the provider's base URL is origin + prefix. */
  prefix: string;
  apiKey: string;
  publicKey: string;
  secretKey: string;
  /** Where `transaction-update` callbacks are POSTed. */
  callbackUrl: string;
  /**
   * How long a sale to 201000000000 stays pending before it is delivered by itself; default 20 s.
   * `Infinity`: until `resolvePendingNow()` or `POST /simulate/resolve`, as tests drive it.
   */
  pendingResolveMs?: number;
  /** How long a sale to 300000000000 hangs before answering; default 60 s; `Infinity` until the client leaves. */
  timeoutHangMs?: number;
  /** Where the two waits above come from; default real time. */
  timers?: SimulatorTimers;
  /** The merchant float; default ₦100,000,000. */
  initialFloatKobo?: number;
  /** One commission rate for every product; default 3% airtime, 2% data, 1.5% TV and electricity, 1% exams. */
  commissionBps?: number;
  /** Waits before each callback retry (at most 4: VTpass makes 5 attempts); default 1 s, 5 s, 15 s, 30 s. */
  callbackRetryDelaysMs?: number[];
  /** The clock that dates sales and checks request ids; default the system clock. */
  now?: () => Date;
  log?: FastifyBaseLogger;
  /** Sends the callbacks. Default: the platform fetch. */
  fetchImpl?: typeof fetch;
  /** The same service and number within this window is refused with 019; default 30 s, 0 turns it off. */
  duplicateWindowMs?: number;
  /**
   * Where the sales and the float live, shared by every simulator on this database (several server
   * processes answer alike). Without one they live in this process's memory and end with it.
   */
  database?: Database;
};

export type VtpassSimulator = {
  /** Resolves once every callback delivery started so far has been acknowledged or given up. */
  flush(): Promise<void>;
  /** Callback POSTs attempted so far, retries included. */
  callbackAttempts(): number;
  floatKobo(): Promise<number>;
  /** Sets the merchant float, as a top-up or a spend elsewhere would (also `POST /simulate/float`). */
  setFloatKobo(amount: number): Promise<void>;
  /** Delivers every pending sale now, or only the one with this request_id, and waits for the callbacks. */
  resolvePendingNow(requestId?: string): Promise<void>;
  /**
   * Changes a sale after the fact, with no callback (also `POST /simulate/alter`): its status, or what it
   * took from the float; the float follows. @returns false when there is no such sale
   */
  alterSale(
    requestId: string,
    change: { status?: 'delivered' | 'reversed'; totalKobo?: number },
  ): Promise<boolean>;
  /** Forgets a sale, as though it never arrived (also `POST /simulate/forget`); the float gets back what it took. */
  forgetSale(requestId: string): Promise<boolean>;
};

const DUPLICATE_WINDOW_MS = 30_000;

const DEFAULT_COMMISSION_BPS: Readonly<Record<ProductKind, number>> = {
  airtime: 300,
  data: 200,
  tv: 150,
  electricity: 150,
  education: 100,
};

const variationsOf = (service: SimService) =>
  service.variations.map((v) => ({
    variation_code: v.code,
    name: v.name,
    variation_amount: `${v.naira}.00`,
    fixedPrice: v.isFixedPrice ? 'Yes' : 'No',
  }));

/**
 * Sandbox only: a VTpass stand-in speaking the API of providers.md §1 (pay, requery, catalogue, balance,
 * merchant-verify) with the sandbox numbers of §1.9, a merchant float and retried `transaction-update`
 * callbacks. Its state lives in `options.database` when given, else in memory.
 */
export function registerVtpassSimulator(
  app: FastifyInstance,
  options: VtpassSimulatorOptions,
): VtpassSimulator {
  const prefix = options.prefix.replace(/\/+$/, '');
  const { apiKey, publicKey, secretKey } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? app.log;
  const callbacks = createCallbackDispatcher({
    url: options.callbackUrl,
    retryDelaysMs: options.callbackRetryDelaysMs ?? [1000, 5000, 15_000, 30_000],
    log,
    fetchImpl: options.fetchImpl ?? fetch,
  });
  const closing = new AbortController();
  const timers = options.timers ?? realTimers;
  const state = createVtpassState({
    store: options.database ? createDatabaseVtpassStore(options.database) : createMemoryVtpassStore(),
    now,
    timers,
    callbacks,
    log,
  });
  const commissionBpsOf = (service: SimService) =>
    options.commissionBps ?? DEFAULT_COMMISSION_BPS[service.kind];
  const context: VtpassSimContext = {
    state,
    now,
    timers,
    pendingResolveMs: options.pendingResolveMs ?? 20_000,
    timeoutHangMs: options.timeoutHangMs ?? 60_000,
    duplicateWindowMs: options.duplicateWindowMs ?? DUPLICATE_WINDOW_MS,
    closing: closing.signal,
    commissionBpsOf,
  };

  void app.register(
    async (scope) => {
      await state.store.init(kobo(options.initialFloatKobo ?? 100_000_000_00));
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
        if (status >= 500) {
          request.log.error({ err: error }, 'vtpass simulator failed');
          return reply.status(500).send(answer('083', 'SYSTEM ERROR'));
        }
        return reply.status(status).send(INVALID_ARGUMENTS);
      });
      // before the server waits for open connections: a hanging answer must not hold the close up
      scope.addHook('preClose', (done) => {
        closing.abort();
        done();
      });
      scope.addHook('onClose', () => {
        closing.abort();
        callbacks.close();
        state.close();
      });

      registerPurchaseControls(scope, context);
      // sandbox hook, no auth: `{"balance": 1081.82}` in naira, as /balance answers
      scope.post('/simulate/float', async (request, reply) => {
        const balance = asBody(request.body)['balance'];
        let amount;
        try {
          amount = parseNaira(typeof balance === 'number' || typeof balance === 'string' ? balance : '');
        } catch {
          return reply.status(400).send(INVALID_ARGUMENTS);
        }
        await state.store.setFloat(amount);
        return { code: 1, contents: { balance: nairaNumber(await state.store.floatKobo()) } };
      });

      await scope.register((api, _options, done) => {
        api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
          const { headers } = request;
          const isGet = request.method === 'GET' || request.method === 'HEAD';
          const isBalance = request.url.split('?')[0]?.endsWith('/balance') ?? false;
          // GET /balance is read with either key in public clients (providers.md §1.2)
          const hasKey = isGet
            ? headers['public-key'] === publicKey || (isBalance && headers['secret-key'] === secretKey)
            : headers['secret-key'] === secretKey;
          if (headers['api-key'] !== apiKey || !hasKey) return reply.send(INVALID_CREDENTIALS);
          return undefined;
        });

        registerPurchaseApi(api, context);

        api.get<{ Querystring: { serviceID?: string } }>('/service-variations', (request) => {
          const service = SERVICES_BY_ID.get(request.query.serviceID ?? '');
          if (!service) return NO_PRODUCT;
          const variations = variationsOf(service);
          return {
            response_description: '000',
            content: {
              ServiceName: service.name,
              serviceID: service.serviceId,
              convinience_fee: 'N0.00',
              // VTpass sends both spellings
              variations,
              varations: variations,
            },
          };
        });

        api.get<{ Querystring: { identifier?: string } }>('/services', (request) => ({
          response_description: '000',
          content: SERVICES.filter((service) => service.identifier === request.query.identifier).map(
            (service) => ({
              serviceID: service.serviceId,
              name: service.name,
              minimium_amount: service.minimumAmount,
              maximum_amount: service.maximumAmount,
              convinience_fee: null,
              product_type: service.productType,
              image: `https://sandbox.vtpass.com/resources/products/200X200/${service.serviceId}.jpg`,
            }),
          ),
        }));

        api.get('/service-categories', () => ({ response_description: '000', content: CATEGORIES }));

        api.get('/balance', async () => ({
          code: 1,
          contents: { balance: nairaNumber(await state.store.floatKobo()) },
        }));

        api.post('/merchant-verify', (request) => verifyCustomer(asBody(request.body), commissionBpsOf));
        done();
      });
    },
    { prefix },
  );

  return {
    async flush() {
      await state.idle();
      await callbacks.flush();
    },
    callbackAttempts: () => callbacks.countAttempts(),
    floatKobo: () => state.store.floatKobo(),
    setFloatKobo: (amount) => state.store.setFloat(kobo(amount)),
    async resolvePendingNow(requestId) {
      const pending = requestId === undefined ? await state.store.pendingRequestIds() : [requestId];
      for (const id of pending) await state.resolveSale(id, 'delivered');
      await callbacks.flush();
    },
    async alterSale(requestId, change) {
      const altered = await state.alterSale(requestId, {
        status: change.status,
        totalKobo: change.totalKobo === undefined ? undefined : kobo(change.totalKobo),
      });
      return altered !== undefined;
    },
    forgetSale: (requestId) => state.forgetSale(requestId),
  };
}
