import { domainEvent } from '../../lib/domain-events.ts';

export type ReferralRewarded = {
  referrerUserId: string;
  referredUserId: string;
  referredFirstName: string;
  rewardKobo: number;
};

declare module '../../lib/domain-events.ts' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges
  interface DomainEventMap {
    /** a referred customer's first funding paid their referrer: once per referred customer */
    'referral.rewarded': ReferralRewarded;
  }
}

export const referralRewardedEvent = (reward: ReferralRewarded) =>
  domainEvent('referral.rewarded', reward.referredUserId, reward);
