import type { FastifyBaseLogger } from 'fastify';
import { kobo } from '@quickvend/shared/money';
import type { Config } from './config.ts';
import type { DatabaseHandle, Transaction } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { startCacheEvents } from './lib/cache-events.ts';
import { createDomainEvents } from './lib/domain-events.ts';
import { startJobQueue } from './lib/jobs.ts';
import type { Metrics } from './lib/metrics.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { checkSecretFingerprints } from './lib/secrets.ts';
import { createApprovals } from './modules/approvals/index.ts';
import { createAuditLog } from './modules/audit/index.ts';
import { createAuthService, createSessionWatch, shareBrowser } from './modules/auth/index.ts';
import { createBeneficiaries } from './modules/beneficiaries/index.ts';
import { createFundingService, sharedPayerOf } from './modules/funding/index.ts';
import { createLedger } from './modules/ledger/index.ts';
import {
  createMailer,
  createNotifier,
  NOTICES_CHANNEL,
  startNoticeFeed,
} from './modules/notifications/index.ts';
import { createReferrals } from './modules/referrals/index.ts';
import { createRouting } from './modules/routing/index.ts';
import { createInFlight } from './lib/in-flight.ts';
import { createSettingChanges, createSettings } from './modules/settings/index.ts';
import {
  createBalanceAnnouncer,
  createPeriodStatement,
  createStatement,
  startBalanceFeed,
  type StatementSources,
} from './modules/wallet/index.ts';
import { createCatalog, createRefreshRequests } from './modules/catalog/index.ts';
import { createProfiles } from './modules/profile/index.ts';
import {
  createPinService,
  countOpenPurchases,
  createPurchaseEngine,
  createPurchaseNames,
  createVerificationService,
  startPurchaseFeed,
} from './modules/purchases/index.ts';
import { createPartnerPlatform, type WebhookOptions } from './container-partners.ts';
import { createProviders } from './container-providers.ts';
import { createBackOffice } from './container-back-office.ts';
import { wireModules } from './container-wiring.ts';

export { PAYSTACK_SIMULATOR_PREFIX, VTPASS_SIMULATOR_PREFIX } from './container-providers.ts';

export type ContainerConfig = Pick<
  Config,
  | 'appUrl'
  | 'isHttps'
  | 'authSecret'
  | 'smtpUrl'
  | 'mailFrom'
  | 'providerMode'
  | 'paystack'
  | 'vtpass'
  | 'pinPepper'
  | 'minFundingKobo'
  | 'purchaseRecheckAfterSeconds'
> &
  Partial<Pick<Config, 'sms' | 'metricsToken' | 'maxEventStreams'>>;

export type ContainerDeps = {
  config: ContainerConfig;
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where this server can reach itself: the sandbox simulators live there. */
  selfUrl: string;
  jobPollingSeconds?: number;
  providerTimeoutMs?: number;
  verifyPerMinute?: number;
  /** web purchases each customer may attempt per minute; WEB_PURCHASES_PER_MINUTE unless set */
  purchasesPerMinute?: number;
  /** Start background workers (the server does; one-shot CLI commands do not). */
  runWorkers: boolean;
  /** how long each process trusts a partner key it has looked up (revocations also arrive by notification) */
  keyCacheMs?: number;
  /** where the app's figures go; one-shot CLI commands keep none */
  metrics?: Metrics;
  /** partner webhooks: how long an attempt may take, and where names resolve (tests) */
  webhooks?: WebhookOptions;
};

/** Builds every service once, each given what it needs; the providers are chosen in container-providers.ts. */
export async function createContainer({
  config,
  database,
  clock,
  log,
  selfUrl,
  metrics,
  ...options
}: ContainerDeps) {
  const { db } = database;
  // phone numbers and meters that only the simulators know are accepted in the sandbox alone
  const isSandbox = config.providerMode === 'sandbox';
  await checkSecretFingerprints(db, { AUTH_SECRET: config.authSecret, PIN_PEPPER: config.pinPepper });
  const providers = createProviders({
    config,
    db,
    selfUrl,
    providerTimeoutMs: options.providerTimeoutMs,
    metrics,
    log,
  });
  const { sandboxMailbox, transport, sandboxSms, smsSender, gateway, billsProvider, testSimulator } =
    providers;
  const mailer = createMailer(transport, log);
  // work that follows a committed change without holding up its request; close() waits for it
  const inFlight = createInFlight(log);
  const ledger = createLedger(db, {
    announceBalances: createBalanceAnnouncer({
      notify: (channel, payload) => database.notify(channel, payload),
      track: (announcement) => {
        inFlight.track(announcement, 'a balance change was not announced');
      },
    }),
  });
  const jobs = await startJobQueue(database.jobsConnection, {
    log,
    ...(options.jobPollingSeconds !== undefined && { pollingIntervalSeconds: options.jobPollingSeconds }),
  });
  // side effects of committed changes: each module subscribes from container-wiring.ts, in its own file
  const events = createDomainEvents({ db, jobs, clock, log });
  const audit = createAuditLog(db);
  const settings = createSettings(db, { defaults: { 'funding.minimumKobo': config.minFundingKobo } });
  const approvals = createApprovals({
    db,
    audit,
    clock,
    holdActiveAdmin: (adminId, tx) => auth.accounts.holdActiveAdmin(adminId, tx),
  });
  const settingChanges = createSettingChanges({ settings, approvals, audit, log });
  const rateLimiter = createRateLimiter({ db, clock });
  const auth = createAuthService({
    db,
    audit,
    appUrl: config.appUrl,
    secret: config.authSecret,
    isHttps: config.isHttps,
    mailer,
    clock,
    onUserCreated: (userId) => ledger.openWalletAccount(userId),
    events,
    onSessionEnded: (userId) => {
      sessionWatch.tellEnded(userId);
    },
    // partners is made further down; a reset or a password change only comes once requests do
    apiKeys: {
      revokeAll: (owner, reason, tx) =>
        partners.revokeEveryKey(owner, { actor: { id: owner.id, label: owner.email }, reason }, tx),
      forget: (ids) => partners.forgetKeys(ids),
      listLive: async (userId) => (await partners.listKeys(userId)).filter((key) => key.revokedAt === null),
    },
    log,
  });
  const notifier = createNotifier({
    db,
    jobs,
    clock,
    appUrl: config.appUrl,
    findRecipient: async (userId) => {
      const user = await auth.accounts.findUser(userId);
      return user && !user.deletedAt ? { email: user.email, name: user.name, phone: user.phone } : null;
    },
    announce: (payload) => database.notify(NOTICES_CHANNEL, payload),
    smsAvailable: smsSender !== null,
    log,
  });
  // whether the customer closed the account: every credit reads it once it holds the wallet row's lock
  const isClosed = async (userId: string, tx: Transaction) =>
    (await auth.accounts.findUser(userId, tx))?.deletedAt != null;
  const referrals = createReferrals({
    db,
    ledger,
    settings,
    isClosed,
    clock,
    appUrl: config.appUrl,
    findUsersByIds: (ids) => auth.findUsersByIds(ids),
    shareBrowser: (userId, otherUserId, tx) => shareBrowser(tx, userId, otherUserId),
    sharedPayer: (userId, otherUserId, tx) => sharedPayerOf(tx, userId, otherUserId),
  });
  const funding = createFundingService({
    db,
    ledger,
    gateway,
    jobs,
    clock,
    appUrl: config.appUrl,
    minAmountKobo: async () => kobo(await settings.get('funding.minimumKobo')),
    manualChargeKobo: async () => kobo(await settings.get('funding.manualChargeKobo')),
    log,
    afterCredit: (tx, userId) => referrals.rewardFirstFunding(tx, userId),
    isClosed,
    requireConfirmedEmail: (userId) => auth.accounts.requireConfirmedEmail(userId),
    events,
  });
  const cacheEvents = await startCacheEvents(database, log);
  const sessionWatch = createSessionWatch({ db, clock, cacheEvents });
  const catalog = createCatalog({ db, provider: billsProvider, clock, log, cacheEvents });
  const pins = createPinService({
    db,
    pepper: config.pinPepper,
    clock,
    appUrl: config.appUrl,
    sendMail: (mail) => mailer.send(mail),
    events,
  });
  // what most of the modules below are built on
  const core = { db, clock, log, events, ledger, audit, cacheEvents };
  const { testAccounts, testBalances, partners, webhooks } = createPartnerPlatform({
    ...core,
    config,
    rateLimiter,
    auth,
    pins,
    jobs,
    keyCacheMs: options.keyCacheMs,
    webhooks: options.webhooks,
  });
  const verifications = createVerificationService({
    db,
    provider: billsProvider,
    clock,
    limiter: rateLimiter,
    perMinute: options.verifyPerMinute ?? 10,
    acceptsSandboxNumbers: isSandbox,
  });
  const routing = createRouting({ ...core, aggregators: providers.aggregators });
  const purchases = createPurchaseEngine({
    db,
    ledger,
    provider: billsProvider,
    routing,
    catalog,
    pins,
    verifications,
    jobs,
    clock,
    log,
    acceptsSandboxNumbers: isSandbox,
    events,
    recheckAfterSeconds: config.purchaseRecheckAfterSeconds,
    limiter: rateLimiter,
    ...(options.purchasesPerMinute !== undefined && { webPurchasesPerMinute: options.purchasesPerMinute }),
    audit,
    approvals,
    users: { findUsersByIds: auth.findUsersByIds, findUserByEmail: auth.findUserByEmail },
    keySpend: partners.keySpend,
  });
  const beneficiaries = createBeneficiaries({ db, clock, acceptsSandboxNumbers: isSandbox });
  metrics?.readFrom({
    openPurchases: () => countOpenPurchases(db, clock.now()),
    jobBacklog: () => jobs.backlog(),
  });
  const statementSources: StatementSources = {
    ledger,
    purchaseNames: createPurchaseNames(db),
    depositBanks: (ids) => funding.depositBanksByIds(ids),
    firstNames: (userIds) => referrals.firstNamesOf(userIds),
  };
  const statement = createStatement(statementSources);
  const backOffice = createBackOffice({
    ...core,
    appUrl: config.appUrl,
    approvals,
    settings,
    auth,
    funding,
    catalog,
    billsProvider,
    purchases,
    routing,
    partners,
    testAccounts,
    statement,
    mailer,
    metrics,
  });
  const { float, providerLosses, dailyReconciliation, userAdmin } = backOffice;
  await wireModules(
    {
      db,
      notify: (channel, payload) => database.notify(channel, payload),
      events,
      notifier,
      adminEmails: backOffice.adminEmails,
      sendMail: (mail) => mailer.send(mail),
      channels: { mail: transport, sms: smsSender },
      purchases,
      beneficiaries,
      approvals,
      approvalKinds: { settingChanges, ...backOffice },
      referrals,
      sessionWatch,
      funding,
      providerLosses,
      dailyReconciliation,
      reports: backOffice.reports,
      catalog,
      float,
      rateLimiter,
      metrics,
      log,
      webhooks,
      testAccounts,
    },
    jobs,
    options.runWorkers,
  );
  const profiles = createProfiles({
    db,
    clock,
    auth,
    userAdmin,
    ledger,
    purchases,
    funding,
    referrals,
    partners,
    pins,
    beneficiaries,
    notifier,
    rateLimiter,
  });
  const balanceFeed = await startBalanceFeed(database.listen, log);
  const noticeFeed = await startNoticeFeed(database.listen, notifier, log);
  const purchaseFeed = await startPurchaseFeed(database.listen, log);

  return {
    ...backOffice,
    db,
    ledger,
    audit,
    settings,
    settingChanges,
    approvals,
    auth,
    mailer,
    sandboxMailbox,
    sandboxSms,
    notifier,
    noticeFeed,
    purchaseFeed,
    gateway,
    jobs,
    funding,
    billsProvider,
    catalog,
    referrals,
    beneficiaries,
    pins,
    partners,
    testBalances,
    webhooks,
    purchases,
    verifications,
    rateLimiter,
    balanceFeed,
    cacheEvents,
    sessionWatch,
    profiles,
    statement,
    /** a period's statement with its balances, for partners and the CSV download */
    periodStatement: createPeriodStatement(statementSources),
    events,
    /** asks for one service's plans again, at most once a minute */
    refreshCatalog: createRefreshRequests(jobs, clock),
    async close() {
      // what committed changes still have to say is said before the job queue stops
      await events.drain();
      await inFlight.settled();
      await balanceFeed.close();
      await noticeFeed.close();
      await purchaseFeed.close();
      await cacheEvents.close();
      await jobs.stop();
      await testSimulator?.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
