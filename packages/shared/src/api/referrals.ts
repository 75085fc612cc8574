import { z } from 'zod';

export const referralStatus = z.enum(['pending', 'success']);
export type ReferralStatus = z.infer<typeof referralStatus>;

/** Someone who signed up with the customer's code, as the customer may see them. */
export const referral = z.object({
  /** the referred customer's first name */
  name: z.string(),
  /** their email with most of it hidden: `ad***@gmail.com` */
  email: z.string(),
  /** `pending` until their first funding lands, then `success` (the reward is paid) */
  status: referralStatus,
  joinedAt: z.string(),
  rewardedAt: z.string().nullable(),
  rewardKobo: z.number().int().nullable(),
});
export type Referral = z.infer<typeof referral>;

export const referralsResponse = z.object({
  code: z.string(),
  /** the sign-up page with the code: `https://…/signup?ref=CODE` */
  link: z.string(),
  /** what each successful referral pays now */
  rewardKobo: z.number().int(),
  reward: z.string(),
  /** everything earned from referrals so far */
  earnedKobo: z.number().int(),
  earned: z.string(),
  /** earned since the customer last said they had seen their rewards (POST /api/v1/referrals/seen) */
  newRewardsKobo: z.number().int(),
  referrals: z.array(referral),
});
export type ReferralsResponse = z.infer<typeof referralsResponse>;
