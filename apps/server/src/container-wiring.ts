import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { JobQueue } from './lib/jobs.ts';
import type { Metrics } from './lib/metrics.ts';
import { registerMetricsSubscribers } from './lib/metrics.subscribers.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import { registerAdminJobs, type FloatMonitor } from './modules/admin/index.ts';
import { registerApprovalSubscribers, type Approvals } from './modules/approvals/index.ts';
import { registerAuthSubscribers, type SessionWatch } from './modules/auth/index.ts';
import { registerBeneficiarySubscribers, type Beneficiaries } from './modules/beneficiaries/index.ts';
import { registerCatalogJobs, type Catalog } from './modules/catalog/index.ts';
import { registerFundingJobs, type FundingService } from './modules/funding/index.ts';
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
  registerPurchaseFeedSubscribers,
  registerPurchaseJobs,
  unpublishedPurchaseEvents,
  type PurchaseEngine,
} from './modules/purchases/index.ts';
import {
  registerReconciliationJobs,
  type DailyReconciliation,
  type ProviderLosses,
} from './modules/reconciliation/index.ts';
import { registerReferralSubscribers, type Referrals } from './modules/referrals/index.ts';
import { registerSystemJobs } from './modules/system/index.ts';

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
  referrals: Referrals;
  sessionWatch: SessionWatch;
  funding: FundingService;
  providerLosses: ProviderLosses;
  dailyReconciliation: DailyReconciliation;
  catalog: Catalog;
  float: FloatMonitor;
  rateLimiter: RateLimiter;
  metrics?: Metrics | undefined;
  log: FastifyBaseLogger;
};

/** Each module's subscribers, registered by the module itself; then, in a worker process, each module's jobs. */
export async function wireModules(m: WiredModules, jobs: JobQueue, runWorkers: boolean): Promise<void> {
  const { events } = m;
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
  if (m.metrics) registerMetricsSubscribers(events, m.metrics);
  events.sweepAlso(unpublishedPurchaseEvents(m.db));
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
    (queue) => registerCatalogJobs(queue, m.catalog),
    (queue) => registerAdminJobs(queue, m.float),
    (queue) => registerSystemJobs(queue, m.rateLimiter),
  ];
  for (const register of registrations) await register(jobs);
}
