export { providerLossStatuses, type ProviderLossStatus } from './reconciliation.tables.ts';
export {
  createDailyReconciliation,
  RECONCILE_DAY_CRON,
  RECONCILE_DAY_JOB,
  type DailyReconciliation,
  type ReconciledDay,
} from './daily-reconciliation.service.ts';
export { registerDailyReconciliationRoutes } from './daily-reconciliation.routes.ts';
