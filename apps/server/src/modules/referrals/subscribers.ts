import type { DomainEvents } from '../../lib/domain-events.ts';
import { referralRewardedEvent } from './referrals.events.ts';
import type { Referrals } from './referrals.service.ts';

/**
 * A first funding pays the referrer in its own transaction; once it has committed, the reward (if one was paid) is
 * published for its notice. Durable: the job publishes before it completes, so a crash only means a retry.
 */
export function registerReferralSubscribers(
  events: DomainEvents,
  referrals: Pick<Referrals, 'paidRewardFor'>,
): void {
  const announceReward = async (userId: string) => {
    const reward = await referrals.paidRewardFor(userId);
    if (reward) await events.publishNow(referralRewardedEvent(reward));
  };
  events.subscribe('funding.credited', 'referrals', 'durable', ({ userId }) => announceReward(userId));
  events.subscribe('manual-deposit.decided', 'referrals', 'durable', async ({ userId, status }) => {
    if (status === 'approved') await announceReward(userId);
  });
}
