export { providerLossStatuses, type ProviderLossStatus } from './reconciliation.tables.ts';
export {
  createDailyReconciliation,
  RECONCILE_DAY_CRON,
  RECONCILE_DAY_JOB,
  type DailyReconciliation,
  type ReconciledDay,
} from './daily-reconciliation.service.ts';
export { registerDailyReconciliationRoutes } from './daily-reconciliation.routes.ts';
export {
  createProviderLosses,
  RECOVER_LOSS_APPROVAL,
  type ProviderLossDeps,
  type ProviderLossRow,
  type ProviderLosses,
} from './provider-losses.service.ts';
export { lossNote } from './provider-losses.mail.ts';
export { registerProviderLossRoutes } from './provider-losses.routes.ts';
export { registerReconciliationJobs } from './reconciliation.jobs.ts';
export {
  providerLossFoundEvent,
  providerLossRecoveredEvent,
  type ProviderLossFound,
  type ProviderLossRecovered,
} from './reconciliation.events.ts';
export { registerReconciliationApprovals } from './reconciliation.approvals.ts';
