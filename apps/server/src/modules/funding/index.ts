export {
  GatewayRejectedError,
  GatewayUnavailableError,
  type DedicatedAccount,
  type GatewayEvent,
  type GatewayTransaction,
  type PaymentGateway,
} from './funding.port.ts';
export {
  createFundingService,
  OPEN_PAYMENT_WINDOW_MS,
  PROCESS_WEBHOOK_JOB,
  type CardOrTransferCredit,
  type FundingService,
} from './funding.service.ts';
export { CARD_CHECKOUT_LIFETIME_MS, CHECK_CARD_PAYMENTS_JOB, checkoutEndOf } from './open-card-payments.ts';
export { registerFundingRoutes, registerPaystackWebhook } from './funding.routes.ts';
export { registerFundingAdminRoutes } from './funding.admin.routes.ts';
export { createFundingAdmin, type FundingAdmin, type FundingOwners } from './funding-admin.service.ts';
export { createFundingSearch } from './funding.search.ts';
export {
  createManualDepositDecisions,
  MANUAL_DEPOSIT_APPROVAL,
  type ManualDepositDecisions,
} from './manual-deposit-decisions.ts';
export {
  createFundingReportQueries,
  type FundingFact,
  type FundingReportQueries,
} from './funding.reports.ts';
export { createRefundsDue, REFUND_DUE_RETURN, type RefundsDue } from './refunds-due.ts';
export { registerRefundsDueRoutes } from './refunds-due.routes.ts';
export { sharedPayerOf, type SharedPayer } from './payers.ts';
export { registerFundingJobs } from './funding.jobs.ts';
export {
  fundingCreditedEvent,
  manualDepositDecidedEvent,
  type FundingCredited,
  type ManualDepositDecided,
} from './funding.events.ts';
export { registerFundingApprovals } from './funding.approvals.ts';
