export { createReferrals, maskEmail, newReferralCode, type Referrals } from './referrals.service.ts';
export { registerReferralRoutes } from './referrals.routes.ts';
