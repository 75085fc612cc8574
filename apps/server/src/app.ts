import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  createContainer,
  PAYSTACK_SIMULATOR_PREFIX,
  VTPASS_SIMULATOR_PREFIX,
  type Container,
  type ContainerConfig,
  type ContainerDeps,
} from './container.ts';
import { noSupportContact, type SupportContact } from '@quickvend/shared/api/meta';
import type { DepositAccount } from '@quickvend/shared/api/funding';
import type { TrustProxy } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { serverDir } from './server-dir.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { enforceDeclaredAccess, type RouteEntry } from './lib/http/access.ts';
import { registerCompression } from './lib/http/compression.ts';
import { registerCsrfProtection } from './lib/http/csrf.ts';
import {
  answerClientError,
  registerErrorHandling,
  sendFrameworkError,
  sendNotFound,
} from './lib/http/error-handler.ts';
import { registerJsonBodyParser } from './lib/http/json-body.ts';
import { operatorGuard } from './lib/http/operator-token.ts';
import { createMetrics } from './lib/metrics.ts';
import { registerWebApp } from './lib/http/web-app.ts';
import { newId } from './lib/ids.ts';
import { registerBeneficiaryRoutes } from './modules/beneficiaries/index.ts';
import {
  createBrowsers,
  createGuards,
  createKnownDevices,
  registerAuthRoutes,
} from './modules/auth/index.ts';
import type { AuthRateLimits } from './modules/auth/auth.routes.ts';
import {
  registerNotificationRoutes,
  registerSandboxMailboxRoutes,
  registerSandboxSmsRoutes,
} from './modules/notifications/index.ts';
import { registerReferralRoutes } from './modules/referrals/index.ts';
import { registerSystemRoutes } from './modules/system/index.ts';
import { registerWalletRoutes } from './modules/wallet/index.ts';
import { registerFundingRoutes, registerPaystackWebhook } from './modules/funding/index.ts';
import {
  registerPaystackSimulator,
  type PaystackSimulator,
} from './providers/simulators/paystack/paystack-simulator.ts';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { PARTNER_REQUESTS_PER_SECOND, registerApiKeyRoutes } from './modules/partners/index.ts';
import { registerProfileRoutes } from './modules/profile/index.ts';
import { registerWebhookRoutes } from './modules/webhooks/index.ts';
import {
  registerPinRoutes,
  registerPurchaseRoutes,
  registerVtpassWebhook,
} from './modules/purchases/index.ts';
import { registerCatalogRoutes } from './modules/catalog/index.ts';
import { registerBackOfficeRoutes } from './app-back-office.ts';
import {
  registerVtpassSimulator,
  SANDBOX_VALUES,
  type VtpassSimulator,
  type VtpassSimulatorOptions,
} from './providers/simulators/vtpass/vtpass-simulator.ts';

export const defaultWebDistDir = path.resolve(serverDir, '../web/dist');

export type AppDeps = {
  config: ContainerConfig;
  database: DatabaseHandle;
  /** Where this server can reach itself once listening (the sandbox simulators live there). */
  selfUrl: string;
  jobPollingSeconds?: number;
  /** run the job workers and schedules here (ROLE=all); false for ROLE=web, where jobs are only sent. Default true. */
  runWorkers?: boolean;
  /** sandbox simulator settings, for tests that need time to pass quickly */
  simulators?: Partial<
    Pick<VtpassSimulatorOptions, 'pendingResolveMs' | 'timeoutHangMs' | 'duplicateWindowMs'>
  >;
  /** how long to wait for the bills provider before treating the answer as unknown */
  providerTimeoutMs?: number;
  /** customer checks (smartcard, meter, profile) each user may ask for per minute; 10 unless set */
  verifyPerMinute?: number;
  /** web purchases each customer may attempt per minute (refused ones included); 10 unless set */
  purchasesPerMinute?: number;
  /** requests each partner's keys may make together per second; PARTNER_REQUESTS_PER_SECOND unless set */
  partnerRequestsPerSecond?: number;
  /** how long a partner key, once looked up, is trusted without the database */
  keyCacheMs?: number;
  logger?: FastifyBaseLogger | false;
  clock?: Clock;
  rateLimits: AuthRateLimits;
  /** The built web app; served when the folder exists. */
  webDistDir?: string;
  /** Which proxies in front of this server to believe about the client's address: hops, or their addresses. */
  trustProxy?: TrustProxy;
  /** how customers reach the business, for the public pages; nothing shown when not given */
  support?: SupportContact;
  /** where customers pay manual deposits; none shown when not given */
  depositAccount?: DepositAccount | null;
  /** partner webhook sending: its timeout, and a resolver for tests */
  webhooks?: ContainerDeps['webhooks'];
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export type BuiltApp = {
  app: FastifyInstance;
  /** every route with who may call it, complete once the app is ready */
  routes: RouteEntry[];
  container: Container;
  simulators: { vtpass?: VtpassSimulator; paystack?: PaystackSimulator };
};

const replacedBelow = () => (): never => {
  throw new Error('every schema is compiled by zod');
};

/** Builds the whole HTTP application without listening, so tests can `inject` into it. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: 64 * 1024,
    // a close lets requests in flight finish (open event streams are ended first, in their module)
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    ...(deps.trustProxy && {
      trustProxy: 'hops' in deps.trustProxy ? trustHops(deps.trustProxy.hops) : deps.trustProxy.addresses,
    }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newId('req');
    },
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: answerClientError,
    // fastify loads ajv and fast-json-stringify for its default compilers unless it is given others, and zod's
    // replace them just below anyway (the loading was 0.34 s of a 2.2 s embedded restart, profiled)
    schemaController: { compilersFactory: { buildValidator: replacedBelow, buildSerializer: replacedBelow } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are someone's: no cache may keep them, or Back on a shared phone (a page loaded from the
    // history takes cached answers as they are) shows the previous customer after a sign-out
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    // a request that was in flight when the close began: its connection must not then wait idle for more
    if (isClosing) reply.header('connection', 'close');
  });

  const { config } = deps;
  const metrics = createMetrics({ processMetrics: Boolean(config.metricsToken) });
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      // the pattern, never the address asked for: one series per route, not one per id
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        statusCode: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });
  const clock = deps.clock ?? systemClock;
  const container = await createContainer({
    config,
    database: deps.database,
    clock,
    log: app.log,
    selfUrl: deps.selfUrl,
    runWorkers: deps.runWorkers ?? true,
    metrics,
    ...(deps.providerTimeoutMs !== undefined && { providerTimeoutMs: deps.providerTimeoutMs }),
    ...(deps.jobPollingSeconds !== undefined && { jobPollingSeconds: deps.jobPollingSeconds }),
    ...(deps.verifyPerMinute !== undefined && { verifyPerMinute: deps.verifyPerMinute }),
    ...(deps.purchasesPerMinute !== undefined && { purchasesPerMinute: deps.purchasesPerMinute }),
    ...(deps.keyCacheMs !== undefined && { keyCacheMs: deps.keyCacheMs }),
    ...(deps.webhooks && { webhooks: deps.webhooks }),
  });
  app.addHook('onClose', async () => {
    await container.close();
  });
  const isLive = config.providerMode === 'live';
  const simulators: BuiltApp['simulators'] = {};
  // Live card payments use Paystack Inline: its script from js.paystack.co looks the access code up at
  // api.paystack.co and shows the checkout in a frame from checkout.paystack.com. The sandbox needs none.
  const paystackInline = (source: string) => (isLive ? [source] : []);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...paystackInline('https://js.paystack.co')],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...paystackInline('https://api.paystack.co')],
        frameSrc: ["'self'", ...paystackInline('https://checkout.paystack.com')],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.isHttps && { upgradeInsecureRequests: [] }),
      },
    },
    hsts: config.isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  await registerCompression(app);
  registerErrorHandling(app);
  registerCsrfProtection(app, { appUrl: config.appUrl, prefix: '/api/' });

  const guards = createGuards(app, container.auth, container.partners, {
    cacheEvents: container.cacheEvents,
    ...(deps.keyCacheMs !== undefined && { keyOwnerCacheMs: deps.keyCacheMs }),
    partnerRate: {
      limiter: container.rateLimiter,
      perSecond: deps.partnerRequestsPerSecond ?? PARTNER_REQUESTS_PER_SECOND,
    },
  });
  const routes = enforceDeclaredAccess(app, {
    user: guards.requireUser,
    userOrKey: guards.requireUserOrKey,
    admin: guards.requireAdmin,
    operator: operatorGuard(config.metricsToken),
  });
  const limiter = container.rateLimiter;
  registerSystemRoutes(app, {
    ready: { database: deps.database.ping, 'job queue': container.jobs.ping },
    metrics: metrics.registry,
    mode: config.providerMode,
    fundingAmounts: async () => {
      const [minFundingKobo, manualChargeKobo] = await Promise.all([
        container.settings.get('funding.minimumKobo'),
        container.settings.get('funding.manualChargeKobo'),
      ]);
      return { minFundingKobo, manualChargeKobo };
    },
    support: deps.support ?? noSupportContact,
    sandboxValues: SANDBOX_VALUES,
  });
  registerAuthRoutes(app, {
    auth: container.auth,
    referrals: container.referrals,
    loadUser: guards.loadUser,
    limiter,
    rateLimits: deps.rateLimits,
    knownDevices: createKnownDevices({ secret: config.authSecret, isHttps: config.isHttps }),
    browsers: createBrowsers({ db: container.db, clock, isHttps: config.isHttps }),
  });
  registerReferralRoutes(app, { referrals: container.referrals });
  registerBeneficiaryRoutes(app, { beneficiaries: container.beneficiaries });
  registerWalletRoutes(app, {
    ledger: container.ledger,
    statement: container.statement,
    periodStatement: container.periodStatement,
    clock,
    balanceFeed: container.balanceFeed,
    feeds: [container.noticeFeed, container.purchaseFeed],
    sessions: container.sessionWatch,
    ...(config.maxEventStreams !== undefined && { maxStreams: config.maxEventStreams }),
  });
  registerNotificationRoutes(app, {
    notifier: container.notifier,
    hasPhone: async (userId) => Boolean((await container.auth.accounts.findUser(userId))?.phone),
  });
  registerFundingRoutes(app, {
    funding: container.funding,
    decisions: container.manualDeposits,
    findUsersByIds: container.auth.findUsersByIds,
    findUserByEmail: container.auth.findUserByEmail,
    mode: config.providerMode,
    simulateTransferUrl: isLive ? null : `${PAYSTACK_SIMULATOR_PREFIX}/simulate/transfer`,
    depositAccount: deps.depositAccount ?? null,
  });
  registerPaystackWebhook(app, { funding: container.funding, gateway: container.gateway });
  registerCatalogRoutes(app, { catalog: container.catalog, loadKeyCaller: guards.requireUserOrKey });
  registerPurchaseRoutes(app, {
    engine: container.purchases,
    verifications: container.verifications,
    mailer: container.mailer,
    catalog: container.catalog,
    limiter,
  });
  registerPinRoutes(app, { pins: container.pins, auth: container.auth, limiter });
  registerApiKeyRoutes(app, container);
  registerWebhookRoutes(app, { webhooks: container.webhooks });
  registerProfileRoutes(app, { profiles: container.profiles, auth: container.auth, limiter, clock });
  registerVtpassWebhook(app, {
    engine: container.purchases,
    provider: container.billsProvider,
    limiter,
    onVariationsChanged: container.refreshCatalog,
  });
  if (!isLive && !config.vtpass.baseUrl) {
    simulators.vtpass = registerVtpassSimulator(app, {
      prefix: VTPASS_SIMULATOR_PREFIX,
      apiKey: config.vtpass.apiKey,
      publicKey: config.vtpass.publicKey,
      secretKey: config.vtpass.secretKey,
      callbackUrl: `${deps.selfUrl}/webhooks/vtpass`,
      log: app.log,
      database: deps.database.db,
      ...deps.simulators,
    });
  }
  if (!isLive && !config.paystack.baseUrl) {
    simulators.paystack = registerPaystackSimulator(app, {
      prefix: PAYSTACK_SIMULATOR_PREFIX,
      secretKey: config.paystack.secretKey,
      publicKey: config.paystack.publicKey,
      webhookUrl: `${deps.selfUrl}/webhooks/paystack`,
      publicOrigin: new URL(config.appUrl).origin,
      productName: PRODUCT_NAME,
      log: app.log,
      database: deps.database.db,
    });
  }
  registerBackOfficeRoutes(app, container);
  if (!isLive && container.sandboxMailbox) registerSandboxMailboxRoutes(app, container.sandboxMailbox);
  if (!isLive && container.sandboxSms) registerSandboxSmsRoutes(app, container.sandboxSms);

  const webDistDir = deps.webDistDir ?? defaultWebDistDir;
  if (existsSync(path.join(webDistDir, 'index.html'))) {
    await registerWebApp(app, { root: webDistDir, isSandbox: !isLive });
  } else app.setNotFoundHandler(sendNotFound);

  return { app, routes, container, simulators };
}

/** The nearest `hops` proxies are believed about who they forwarded for; the client's own claims are not. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;
