export { registerAdminRoutes } from './admin.routes.ts';
export { registerAdjustmentRoutes } from './adjustments.routes.ts';
export {
  ADMIN_APPROVAL,
  createUserAdmin,
  NO_LONGER_ADMIN,
  type UserActionOutcome,
  type UserAdmin,
} from './user-admin.service.ts';
export { registerUserAdminRoutes } from './users.routes.ts';
export { toManualRequestView, toPaymentView } from './user-views.ts';
export type { ProviderFloat } from './float.port.ts';
export { registerFloatRoutes } from './float.routes.ts';
export {
  CHECK_FLOAT_JOB,
  createFloatMonitor,
  type FloatCheck,
  type FloatMonitor,
  type FloatReading,
} from './float.service.ts';
export {
  createWalletAdjustments,
  WALLET_ADJUSTMENT,
  type AdjustmentOutcome,
  type MadeAdjustment,
  type WalletAdjustments,
} from './wallet-adjustments.ts';
export { createRunningTotals, type LimitVerdict, type RunningTotals } from './running-totals.ts';
export { registerAdminJobs } from './admin.jobs.ts';
export {
  accountChangedEvent,
  walletAdjustedEvent,
  type AccountChanged,
  type WalletAdjusted,
} from './admin.events.ts';
export { registerAdminApprovals } from './admin.approvals.ts';
