export {
  createBeneficiaries,
  type Beneficiaries,
  type BeneficiariesDeps,
  type PurchaseOutcome,
} from './beneficiaries.service.ts';
export { registerBeneficiaryRoutes } from './beneficiaries.routes.ts';
export { registerBeneficiarySubscribers } from './subscribers.ts';
