import { z } from 'zod';

import { koboSchema } from './kobo.ts';
import { PRODUCT_NAME } from '../services.ts';

export const referralStatus = z.enum(['pending', 'success', 'declined']);
export type ReferralStatus = z.infer<typeof referralStatus>;

/** Why a referral paid nothing: the two accounts look like one person's. */
export const referralDeclinedReason = z.enum(['shared-device', 'shared-card', 'shared-payer-account']);
export type ReferralDeclinedReason = z.infer<typeof referralDeclinedReason>;

/** What the Refer and Earn page says of the rule and of a referral it paid nothing for. */
export const referralTexts = {
  rule: `Rewards are for friends who are new to ${PRODUCT_NAME}. We don't pay a reward when the two accounts were used on the same phone or browser, or paid from the same card or bank account.`,
  notRewarded: 'Not rewarded',
  declined: {
    'shared-device': 'This account was used on the same phone or browser as yours.',
    'shared-card': 'This account was paid with a card that also paid into your account.',
    'shared-payer-account': 'This account was paid from a bank account that also paid into your account.',
  } satisfies Record<ReferralDeclinedReason, string>,
} as const;

/** Someone who signed up with the customer's code, as the customer may see them. */
export const referral = z.object({
  /** the referred customer's first name */
  name: z.string(),
  /** their email with most of it hidden: `ad***@gmail.com` */
  email: z.string(),
  /**
   * `pending` until their first funding lands, then `success` (the reward is paid), or `declined` (nothing paid:
   * the two accounts look like one person's, see `declinedReason`)
   */
  status: referralStatus,
  declinedReason: referralDeclinedReason.nullable(),
  joinedAt: z.string(),
  rewardedAt: z.string().nullable(),
  rewardKobo: koboSchema.nullable(),
});
export type Referral = z.infer<typeof referral>;

export const referralsResponse = z.object({
  code: z.string(),
  /** the sign-up page with the code: `https://…/signup?ref=CODE` */
  link: z.string(),
  /** what each successful referral pays now */
  rewardKobo: koboSchema,
  reward: z.string(),
  /** everything earned from referrals so far */
  earnedKobo: koboSchema,
  earned: z.string(),
  /** earned since the customer last said they had seen their rewards (POST /api/v1/referrals/seen) */
  newRewardsKobo: koboSchema,
  referrals: z.array(referral),
});
export type ReferralsResponse = z.infer<typeof referralsResponse>;
