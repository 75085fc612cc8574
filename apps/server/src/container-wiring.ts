import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { JobQueue } from './lib/jobs.ts';
import type { Metrics } from './lib/metrics.ts';
import { registerMetricsSubscribers } from './lib/metrics.subscribers.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import {
  registerAdminApprovals,
  registerAdminJobs,
  type FloatMonitor,
  type UserAdmin,
  type WalletAdjustments,
} from './modules/admin/index.ts';
import { registerApprovalSubscribers, type Approvals } from './modules/approvals/index.ts';
import { registerAuthSubscribers, type SessionWatch, type TestAccounts } from './modules/auth/index.ts';
import { registerBeneficiarySubscribers, type Beneficiaries } from './modules/beneficiaries/index.ts';
import {
  registerCatalogApprovals,
  registerCatalogJobs,
  type Catalog,
  type PriceAdmin,
} from './modules/catalog/index.ts';
import {
  registerFundingApprovals,
  registerFundingJobs,
  type FundingService,
  type ManualDepositDecisions,
  type RefundsDue,
} from './modules/funding/index.ts';
import {
  registerNotificationSubscribers,
  type MailTransport,
  type Notifier,
  type SmsSender,
} from './modules/notifications/index.ts';
import {
  CHECK_REFUNDED_JOB,
  createPurchaseAnnouncer,
  PURCHASE_APPROVALS,
  purchaseFactsOf,
  registerPurchaseApprovals,
  registerPurchaseFeedSubscribers,
  registerPurchaseJobs,
  toPurchase,
  type PurchaseEngine,
} from './modules/purchases/index.ts';
import {
  registerReconciliationApprovals,
  registerReconciliationJobs,
  type DailyReconciliation,
  type ProviderLosses,
} from './modules/reconciliation/index.ts';
import { registerReferralSubscribers, type Referrals } from './modules/referrals/index.ts';
import { registerReportJobs, type Reports } from './modules/reports/index.ts';
import { registerSettingApprovals, type SettingChanges } from './modules/settings/index.ts';
import { registerSystemJobs } from './modules/system/index.ts';
import { registerWebhookSubscribers, type Webhooks } from './modules/webhooks/index.ts';

export type WiredModules = {
  db: Database;
  notify: (channel: string, payload: string) => Promise<void>;
  events: DomainEvents;
  notifier: Notifier;
  adminEmails: () => Promise<string[]>;
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  channels: { mail: MailTransport; sms: SmsSender | null };
  purchases: PurchaseEngine;
  beneficiaries: Beneficiaries;
  approvals: Approvals;
  /** the services whose changes wait for a second admin (besides purchases and provider losses) */
  approvalKinds: {
    settingChanges: SettingChanges;
    adjustments: WalletAdjustments;
    userAdmin: UserAdmin;
    manualDeposits: ManualDepositDecisions;
    refundsDue: RefundsDue;
    prices: PriceAdmin;
  };
  referrals: Referrals;
  sessionWatch: SessionWatch;
  funding: FundingService;
  providerLosses: ProviderLosses;
  dailyReconciliation: DailyReconciliation;
  reports: Pick<Reports, 'nccDaily'>;
  catalog: Catalog;
  float: FloatMonitor;
  rateLimiter: RateLimiter;
  metrics?: Metrics | undefined;
  log: FastifyBaseLogger;
  webhooks: Webhooks;
  testAccounts: Pick<TestAccounts, 'ownerOf'>;
};

/**
 * Each module's approval kinds and subscribers, registered by the module itself; then, in a worker process, each
 * module's jobs.
 */
export async function wireModules(m: WiredModules, jobs: JobQueue, runWorkers: boolean): Promise<void> {
  const { events, approvals } = m;
  const kinds = m.approvalKinds;
  registerSettingApprovals(approvals, kinds.settingChanges);
  registerAdminApprovals(approvals, kinds);
  registerFundingApprovals(approvals, kinds);
  registerCatalogApprovals(approvals, kinds.prices);
  registerPurchaseApprovals(approvals, m.purchases);
  registerReconciliationApprovals(approvals, m.providerLosses);
  registerNotificationSubscribers(events, {
    notifier: m.notifier,
    purchaseFactsOf: async (purchaseId) => {
      const row = await m.purchases.findById(purchaseId);
      return row && purchaseFactsOf(row);
    },
    adminEmails: m.adminEmails,
    sendMail: m.sendMail,
  });
  registerBeneficiarySubscribers(events, m.beneficiaries);
  registerApprovalSubscribers(events, { approvals: m.approvals, purchaseKinds: PURCHASE_APPROVALS });
  registerReferralSubscribers(events, m.referrals);
  registerAuthSubscribers(events, m.sessionWatch);
  registerPurchaseFeedSubscribers(events, createPurchaseAnnouncer(m.notify));
  registerWebhookSubscribers(events, {
    webhooks: m.webhooks,
    purchaseOf: async (purchaseId) => {
      const row = await m.purchases.findById(purchaseId);
      return row ? toPurchase(row) : null;
    },
    ownerOf: (userId) => m.testAccounts.ownerOf(userId),
  });
  if (m.metrics) registerMetricsSubscribers(events, m.metrics);
  if (!runWorkers) return;
  const registrations: ((queue: JobQueue) => Promise<void>)[] = [
    (queue) => events.registerJobs(queue),
    (queue) => m.notifier.startWorkers(queue, m.channels),
    (queue) => registerFundingJobs(queue, m.funding, m.log),
    (queue) => registerPurchaseJobs(queue, m.purchases, m.log),
    (queue) =>
      registerReconciliationJobs(queue, {
        checkRefundedJob: CHECK_REFUNDED_JOB,
        providerLosses: m.providerLosses,
        dailyReconciliation: m.dailyReconciliation,
      }),
    (queue) => registerReportJobs(queue, m.reports.nccDaily),
    (queue) => registerCatalogJobs(queue, m.catalog),
    (queue) => registerAdminJobs(queue, m.float),
    (queue) => registerSystemJobs(queue, m.rateLimiter),
    (queue) => m.webhooks.delivery.registerJobs(queue),
  ];
  for (const register of registrations) await register(jobs);
}
