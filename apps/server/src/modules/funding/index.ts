export {
  GatewayRejectedError,
  GatewayUnavailableError,
  type DedicatedAccount,
  type GatewayEvent,
  type GatewayTransaction,
  type PaymentGateway,
} from './funding.port.ts';
export { createFundingService, PROCESS_WEBHOOK_JOB, type FundingService } from './funding.service.ts';
export { registerFundingRoutes, registerPaystackWebhook } from './funding.routes.ts';
