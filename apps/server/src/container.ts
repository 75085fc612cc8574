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
import {
  createFloatMonitor,
  createRunningTotals,
  createUserAdmin,
  createWalletAdjustments,
  WALLET_ADJUSTMENT,
} from './modules/admin/index.ts';
import { createApprovals } from './modules/approvals/index.ts';
import { createAuditLog } from './modules/audit/index.ts';
import {
  createAuthReportQueries,
  createAuthService,
  createSessionWatch,
  shareBrowser,
} from './modules/auth/index.ts';
import { createBeneficiaries } from './modules/beneficiaries/index.ts';
import {
  createFundingAdmin,
  createFundingReportQueries,
  createFundingSearch,
  createFundingService,
  createManualDepositDecisions,
  MANUAL_DEPOSIT_APPROVAL,
  createRefundsDue,
  REFUND_DUE_RETURN,
  sharedPayerOf,
} from './modules/funding/index.ts';
import { createLedger } from './modules/ledger/index.ts';
import {
  createMailer,
  createNotifier,
  createSandboxMailbox,
  createSandboxSms,
  NOTICES_CHANNEL,
  startNoticeFeed,
  type MailTransport,
  type SmsSender,
} from './modules/notifications/index.ts';
import { createReports } from './modules/reports/index.ts';
import { createReferrals } from './modules/referrals/index.ts';
import { createSettingChanges, createSettings, SETTING_CHANGE } from './modules/settings/index.ts';
import { createBalanceAnnouncer, createStatement, startBalanceFeed } from './modules/wallet/index.ts';
import { createPaystackGateway } from './providers/paystack/paystack.adapter.ts';
import { createSmtpTransport } from './providers/smtp/smtp.adapter.ts';
import { createTermiiSender } from './providers/termii/termii.adapter.ts';
import { createVtpassProvider } from './providers/vtpass/vtpass.adapter.ts';
import {
  createCatalog,
  createPriceAdmin,
  createRefreshRequests,
  PRICE_RULE_APPROVAL,
} from './modules/catalog/index.ts';
import { createPartners } from './modules/partners/index.ts';
import { createProfiles } from './modules/profile/index.ts';
import {
  createPinService,
  countOpenPurchases,
  createPurchaseChecks,
  createPurchaseEngine,
  DELIVER_APPROVAL,
  purchaseEventOf,
  REFUND_APPROVAL,
  createPurchaseNames,
  createPurchaseReportQueries,
  createVerificationService,
  startPurchaseFeed,
} from './modules/purchases/index.ts';
import {
  createDailyReconciliation,
  createProviderLosses,
  RECOVER_LOSS_APPROVAL,
} from './modules/reconciliation/index.ts';
import { wireModules } from './container-wiring.ts';

export const PAYSTACK_SIMULATOR_PREFIX = '/sandbox/paystack';
export const VTPASS_SIMULATOR_PREFIX = '/sandbox/vtpass/api';

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
};

/** The one place that chooses implementations: real providers or their sandbox stand-ins. */
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
  await checkSecretFingerprints(db, { AUTH_SECRET: config.authSecret, PIN_PEPPER: config.pinPepper });
  // the sandbox mailbox shows every reset and PIN link to anyone: never in live mode
  if (config.providerMode === 'live' && !config.smtpUrl) throw new Error('PROVIDER_MODE=live needs SMTP_URL');
  const sandboxMailbox = config.smtpUrl ? undefined : createSandboxMailbox(db);
  const transport: MailTransport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : (sandboxMailbox as MailTransport);
  const mailer = createMailer(transport, log);
  // text messages: the configured provider; in the sandbox without one, a list to read; in live mode without one, none
  const sandboxSms = !config.sms && config.providerMode === 'sandbox' ? createSandboxSms(db) : undefined;
  const smsSender: SmsSender | null = config.sms ? createTermiiSender(config.sms) : (sandboxSms ?? null);
  // work that follows a committed change without holding up its request; close() waits for it
  const inFlight = new Set<Promise<void>>();
  function afterwards(work: Promise<void>, failure: string, context: Record<string, unknown> = {}): void {
    const tracked = work.catch((error: unknown) => {
      log.error({ err: error, ...context }, failure);
    });
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
  }
  const ledger = createLedger(db, {
    announceBalances: createBalanceAnnouncer({
      notify: (channel, payload) => database.notify(channel, payload),
      track: (announcement) => {
        afterwards(announcement, 'a balance change was not announced');
      },
    }),
  });
  const jobs = await startJobQueue(database.jobsConnection, {
    log,
    ...(options.jobPollingSeconds !== undefined && { pollingIntervalSeconds: options.jobPollingSeconds }),
  });
  // side effects of committed changes: each module subscribes below, in its own file
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
  approvals.register(SETTING_CHANGE, {
    carryOut: settingChanges.carryOut,
    subjectOf: settingChanges.subjectOf,
  });
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
  const gateway = createPaystackGateway({
    baseUrl: config.paystack.baseUrl ?? `${selfUrl}${PAYSTACK_SIMULATOR_PREFIX}`,
    secretKey: config.paystack.secretKey,
    publicKey: config.paystack.publicKey,
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
  const runningTotals = createRunningTotals({ db, clock, ledger, funding, approvals, settings });
  const adjustments = createWalletAdjustments({
    db,
    clock,
    ledger,
    audit,
    approvals,
    settings,
    runningTotals,
    findCustomer: (userId, executor) => auth.accounts.findUser(userId, executor),
    events,
  });
  approvals.register(WALLET_ADJUSTMENT, {
    carryOut: adjustments.carryOut,
    staleReason: adjustments.staleReason,
    subjectOf: (row) => ({ label: "The customer's wallet", href: `/edit-user/${row.targetId}` }),
  });
  const manualDeposits = createManualDepositDecisions({
    db,
    funding,
    approvals,
    limits: runningTotals,
    audit,
    events,
  });
  approvals.register(MANUAL_DEPOSIT_APPROVAL, {
    carryOut: manualDeposits.carryOut,
    subjectOf: () => ({ label: 'Manual deposit', href: '/admin/fundings' }),
  });
  const refundsDue = createRefundsDue({ db, ledger, approvals, clock });
  approvals.register(REFUND_DUE_RETURN, refundsDue.approvalKind);
  const billsProvider = createVtpassProvider({
    baseUrl: config.vtpass.baseUrl ?? `${selfUrl}${VTPASS_SIMULATOR_PREFIX}`,
    apiKey: config.vtpass.apiKey,
    publicKey: config.vtpass.publicKey,
    secretKey: config.vtpass.secretKey,
    ...(options.providerTimeoutMs !== undefined && { timeoutMs: options.providerTimeoutMs }),
    ...(metrics && {
      observe: (call) => {
        metrics.observeProviderCall('vtpass', call);
      },
    }),
  });
  const cacheEvents = await startCacheEvents(database, log);
  const sessionWatch = createSessionWatch({ db, clock, cacheEvents });
  const catalog = createCatalog({ db, provider: billsProvider, clock, log, cacheEvents });
  const prices = createPriceAdmin({
    db,
    catalog,
    audit,
    approvals,
    findPeople: (ids) => auth.findUsersByIds(ids),
    log,
  });
  approvals.register(PRICE_RULE_APPROVAL, {
    carryOut: prices.carryOut,
    staleReason: prices.staleReason,
    subjectOf: prices.subjectOf,
  });
  const adminEmails = async () =>
    (await auth.listUsers()).filter((user) => user.role === 'admin').map((user) => user.email);
  const float = createFloatMonitor({
    db,
    provider: billsProvider,
    settings,
    clock,
    liabilities: () => ledger.sumWalletBalances(),
    adminEmails,
    sendMail: (mail) => mailer.send(mail),
    log,
  });
  const pins = createPinService({
    db,
    pepper: config.pinPepper,
    clock,
    appUrl: config.appUrl,
    sendMail: (mail) => mailer.send(mail),
    events,
  });
  const partners = createPartners({
    db,
    clock,
    appUrl: config.appUrl,
    cacheEvents,
    rateLimiter,
    verifyPassword: auth.verifyPassword,
    partnerAccessOf: (userId) => auth.accounts.partnerAccessOf(userId),
    holdPartnerAccess: (userId, tx) => auth.accounts.holdPartnerAccess(userId, tx),
    requireConfirmedEmail: (userId) => auth.accounts.requireConfirmedEmail(userId),
    pins,
    holdSession: auth.holdSession,
    audit,
    events,
    ...(options.keyCacheMs !== undefined && { keyCacheMs: options.keyCacheMs }),
  });
  const verifications = createVerificationService({
    db,
    provider: billsProvider,
    clock,
    limiter: rateLimiter,
    perMinute: options.verifyPerMinute ?? 10,
    acceptsSandboxNumbers: config.providerMode === 'sandbox',
  });
  const purchases = createPurchaseEngine({
    db,
    ledger,
    provider: billsProvider,
    catalog,
    pins,
    verifications,
    jobs,
    clock,
    log,
    acceptsSandboxNumbers: config.providerMode === 'sandbox',
    // a final purchase is also swept from its table (see purchase-events.ts): its settle is one statement
    onOutcome: (row) => {
      const event = purchaseEventOf(row);
      if (event) events.publish(event);
    },
    events,
    recheckAfterSeconds: config.purchaseRecheckAfterSeconds,
    limiter: rateLimiter,
    ...(options.purchasesPerMinute !== undefined && { webPurchasesPerMinute: options.purchasesPerMinute }),
    audit,
    approvals,
    users: { findUsersByIds: auth.findUsersByIds, findUserByEmail: auth.findUserByEmail },
  });
  const purchaseSubject = (row: { targetId: string }) => ({
    label: 'Purchase',
    href: `/admin/purchases/${row.targetId}`,
  });
  approvals.register(DELIVER_APPROVAL, {
    carryOut: purchases.admin.deliverApproved,
    staleReason: purchases.admin.staleReasonOf,
    subjectOf: purchaseSubject,
  });
  approvals.register(REFUND_APPROVAL, {
    carryOut: purchases.admin.refundApproved,
    staleReason: purchases.admin.staleReasonOf,
    subjectOf: purchaseSubject,
  });
  const purchaseChecks = createPurchaseChecks({ db, provider: billsProvider, log });
  const providerLosses = createProviderLosses({
    db,
    ledger,
    approvals,
    audit,
    clock,
    log,
    appUrl: config.appUrl,
    purchases,
    askProvider: purchaseChecks.ask,
    people: { findUsersByIds: auth.findUsersByIds },
    countLoss: (amountKobo) => metrics?.countProviderLoss(amountKobo),
    events,
  });
  approvals.register(RECOVER_LOSS_APPROVAL, {
    carryOut: providerLosses.recoverApproved,
    staleReason: providerLosses.staleReasonOf,
    subjectOf: () => ({ label: 'Provider-side loss', href: '/admin/reconciliation' }),
  });
  const beneficiaries = createBeneficiaries({
    db,
    clock,
    acceptsSandboxNumbers: config.providerMode === 'sandbox',
  });
  const fundingAdmin = createFundingAdmin({
    search: createFundingSearch(db),
    owners: { findUsersByIds: auth.findUsersByIds, findUserByEmail: auth.findUserByEmail },
    clock,
  });
  const dailyReconciliation = createDailyReconciliation({
    db,
    clock,
    log,
    purchases: purchaseChecks,
    float,
    requeryOpen: (purchaseId, actor) => purchases.admin.requery(purchaseId, actor),
    onRefundedDelivered: (purchaseId, answer) =>
      providerLosses.checkRefundedPurchase(purchaseId, 'reconciliation', answer),
  });
  await wireModules(
    {
      db,
      notify: (channel, payload) => database.notify(channel, payload),
      events,
      notifier,
      adminEmails,
      sendMail: (mail) => mailer.send(mail),
      channels: { mail: transport, sms: smsSender },
      purchases,
      beneficiaries,
      approvals,
      referrals,
      sessionWatch,
      funding,
      providerLosses,
      dailyReconciliation,
      catalog,
      float,
      rateLimiter,
      metrics,
      log,
    },
    jobs,
    options.runWorkers,
  );
  metrics?.readFrom({
    openPurchases: () => countOpenPurchases(db, clock.now()),
    jobBacklog: () => jobs.backlog(),
  });
  const statement = createStatement({
    ledger,
    purchaseNames: createPurchaseNames(db),
    depositBanks: (ids) => funding.depositBanksByIds(ids),
    firstNames: (userIds) => referrals.firstNamesOf(userIds),
  });
  const userAdmin = createUserAdmin({
    db,
    auth,
    ledger,
    statement,
    audit,
    partners,
    purchases,
    funding,
    cacheEvents,
    approvals,
    events,
    sendMail: (mail) => mailer.send(mail),
    log,
  });
  for (const [kind, handler] of Object.entries(userAdmin.approvalKinds)) approvals.register(kind, handler);
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
  const reports = createReports({
    purchases: createPurchaseReportQueries(db),
    fundings: createFundingReportQueries(db),
    users: createAuthReportQueries(db),
    ledger,
    clock,
  });

  return {
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
    fundingAdmin,
    dailyReconciliation,
    adjustments,
    manualDeposits,
    refundsDue,
    billsProvider,
    float,
    catalog,
    referrals,
    beneficiaries,
    prices,
    pins,
    partners,
    purchases,
    providerLosses,
    verifications,
    rateLimiter,
    balanceFeed,
    reports,
    cacheEvents,
    sessionWatch,
    userAdmin,
    profiles,
    statement,
    events,
    /** asks for one service's plans again, at most once a minute */
    refreshCatalog: createRefreshRequests(jobs, clock),
    async close() {
      // what committed changes still have to say is said before the job queue stops
      await events.drain();
      await Promise.all(inFlight);
      await balanceFeed.close();
      await noticeFeed.close();
      await purchaseFeed.close();
      await cacheEvents.close();
      await jobs.stop();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
