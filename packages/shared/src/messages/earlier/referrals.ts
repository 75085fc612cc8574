/** Referrals. */
export const referralsMessages = {
  linkCopied: 'Referral link copied to clipboard!',
  empty: 'No referrals yet.',
  unknownCode: 'We could not find that referral code. Check it, or leave it empty.',
} as const;
