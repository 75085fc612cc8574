import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { CacheEvents } from './lib/cache-events.ts';
import type { Clock } from './lib/clock.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { JobQueue } from './lib/jobs.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditLog } from './modules/audit/index.ts';
import { createTestAccounts, type AuthService } from './modules/auth/index.ts';
import type { Ledger } from './modules/ledger/index.ts';
import { createPartners, createTestBalances } from './modules/partners/index.ts';
import type { PinService } from './modules/purchases/index.ts';
import { createWebhooks } from './modules/webhooks/index.ts';

export type WebhookOptions = {
  timeoutMs?: number;
  resolve?: Parameters<typeof createWebhooks>[0]['resolve'];
};

/** What partners build on: their keys (live and test), the test accounts and balances, and their webhooks. */
export function createPartnerPlatform(deps: {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'appUrl' | 'authSecret' | 'providerMode'>;
  cacheEvents: CacheEvents;
  rateLimiter: RateLimiter;
  auth: AuthService;
  ledger: Ledger;
  pins: PinService;
  audit: AuditLog;
  events: DomainEvents;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  keyCacheMs?: number | undefined;
  webhooks?: WebhookOptions | undefined;
}) {
  const { db, clock, config, auth, ledger } = deps;
  const partnerAccessOf = (userId: string) => auth.accounts.partnerAccessOf(userId);
  const testAccounts = createTestAccounts({
    db,
    openWallet: (userId, tx) => ledger.openWalletAccount(userId, tx),
  });
  const testBalances = createTestBalances({
    db,
    ledger,
    testAccounts,
    partnerAccessOf,
    limiter: deps.rateLimiter,
  });
  const partners = createPartners({
    db,
    clock,
    appUrl: config.appUrl,
    cacheEvents: deps.cacheEvents,
    rateLimiter: deps.rateLimiter,
    verifyPassword: auth.verifyPassword,
    partnerAccessOf,
    holdPartnerAccess: (userId, tx) => auth.accounts.holdPartnerAccess(userId, tx),
    requireConfirmedEmail: (userId) => auth.accounts.requireConfirmedEmail(userId),
    pins: deps.pins,
    holdSession: auth.holdSession,
    testAccounts,
    audit: deps.audit,
    events: deps.events,
    ...(deps.keyCacheMs !== undefined && { keyCacheMs: deps.keyCacheMs }),
  });
  const webhooks = createWebhooks({
    db,
    clock,
    jobs: deps.jobs,
    log: deps.log,
    authSecret: config.authSecret,
    requireHttps: config.providerMode === 'live',
    allowPrivateTargets: config.providerMode === 'sandbox',
    rateLimiter: deps.rateLimiter,
    verifyPassword: auth.verifyPassword,
    partnerAccessOf,
    ...deps.webhooks,
  });
  return { testAccounts, testBalances, partners, webhooks };
}
