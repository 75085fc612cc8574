export {
  ProviderUnavailableError,
  type BillsProvider,
  type CustomerCheck,
  type ReceiptLine,
  type VerificationOutcome,
  type VerifiedCustomer,
  type ProviderCallback,
  type ProviderOutcome,
  type ProviderService,
  type ProviderVariation,
  type PurchaseRequest,
  type FailureKind,
  type PurchaseRouting,
  type RoutedItem,
  VTPASS_ONLY,
} from './purchases.port.ts';
export { createPurchaseEngine, type PurchaseActions, type PurchaseEngine } from './purchases.service.ts';
export { type DeliveredOutcome, type OutcomeNote } from './purchase-steps.ts';
export type { RequeryAnswer } from './requery.service.ts';
export type { PurchaseEventInput } from './purchase-timeline.ts';
export type { PurchaseRow } from './purchases.repo.ts';
export { createPinService, isTrivialPin, type PinService } from './pin.service.ts';
export { registerPurchaseRoutes, registerVtpassWebhook } from './purchases.routes.ts';
export { registerPurchaseAdminRoutes } from './purchases.admin.routes.ts';
export { registerDisputeRoutes } from './disputes.routes.ts';
export {
  createPurchaseAnnouncer,
  registerPurchaseFeedSubscribers,
  startPurchaseFeed,
} from './purchase-feed.ts';
export {
  disputeClosedEvent,
  pinChangedEvent,
  purchaseEventOf,
  purchaseFactsOf,
  type DisputeClosed,
  type PinChanged,
  type PurchaseChanged,
} from './purchase-events.ts';
export {
  CHECK_REFUNDED_JOB,
  RECONCILE_JOB,
  registerPurchaseJobs,
  REQUERY_JOB,
  type CheckRefundedJob,
} from './purchases.jobs.ts';
export {
  DELIVER_APPROVAL,
  PURCHASE_APPROVALS,
  REFUND_APPROVAL,
  type BuyerDirectory,
  type PurchaseAdmin,
} from './purchase-admin.service.ts';
export { registerPinRoutes } from './pin.routes.ts';
export { toPurchase } from './purchases.mapper.ts';
export { createPurchaseNames, type PurchaseName, type PurchaseNames } from './purchase-names.ts';
export { hasOpenPurchase } from './open-purchases.ts';
export { countOpenPurchases } from './purchases.search.ts';
export { createVerificationService, type VerificationService } from './verification.service.ts';
export { credentialMail } from './purchases.mail.ts';
export {
  createPurchaseReportQueries,
  type PurchaseFact,
  type PurchaseReportQueries,
  type ProviderMargin,
} from './purchases.reports.ts';
export {
  createPurchaseOutcomeQueries,
  type PurchaseOutcomeFigures,
  type PurchaseOutcomeQueries,
} from './purchase-outcomes.ts';
export {
  createPurchaseChecks,
  type CheckedPurchase,
  type ProviderWord,
  type PurchaseChecks,
} from './purchase-checks.ts';
export { registerPurchaseApprovals } from './register-purchase-approvals.ts';
export { providerAccountOf } from './purchase-entries.ts';
