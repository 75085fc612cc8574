export { createReferrals, maskEmail, newReferralCode, type Referrals } from './referrals.service.ts';
export { registerReferralRoutes } from './referrals.routes.ts';
export { referralRewardedEvent, type ReferralRewarded } from './referrals.events.ts';
export { registerReferralSubscribers } from './subscribers.ts';
