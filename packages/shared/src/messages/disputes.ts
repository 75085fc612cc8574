import type { PurchaseKind } from '../api/purchases.ts';

const TEAM = 'Our team has your report and will reply within a day.';

/** The answer a customer reads after reporting a purchase they never received: what the provider now says. */
export const disputeAnswers = {
  /** `on`: when it was delivered, in Lagos time, if known */
  delivered: (on: string | null) => `The provider confirms it delivered this${on ? ` on ${on}` : ''}.`,
  team: TEAM,
  failed: `The provider now says this did not go through. ${TEAM} If it was not delivered, your money comes back to your wallet.`,
  notConfirmed: `The provider has not confirmed it yet. ${TEAM}`,
  /** where a delivered purchase shows, so the customer can look once more */
  whereToLook: {
    airtime:
      "It can take a few minutes to show on the line; check the balance by dialling your network's code.",
    data: "It can take a few minutes to show on the line; check the balance by dialling your network's code.",
    tv: 'A subscription can take up to 15 minutes to reach the decoder; leaving it on a channel helps.',
    electricity: 'A prepaid token works once it is typed into the meter; it is on this receipt.',
    education: 'The PINs are on this receipt.',
  } satisfies Record<PurchaseKind, string>,
} as const;
