import { formatNaira, toNairaString } from '../../money.ts';

/** Funding the wallet by card, transfer or a manual deposit. */
export const fundingMessages = {
  userMissing: 'User information is missing. Please log in again.',
  paymentSuccessful: (reference: string) => `Payment successful! Reference: ${reference}`,
  paymentClosed: 'Payment closed!',
  /** `The amount must be more than the NGN 50 charge.` with the charge an admin set */
  manualChargeAbove: (chargeKobo: number) =>
    `The amount must be more than the NGN ${toNairaString(chargeKobo).replace(/\.00$/, '')} charge.`,
  /** a manual deposit above MANUAL_FUNDING_MAX_KOBO */
  manualAmountAtMost: (maxKobo: number) =>
    `A manual deposit can be at most ${formatNaira(maxKobo)}. For a bigger deposit, please contact support.`,
  /** a customer with MANUAL_FUNDING_OPEN_LIMIT manual deposits waiting */
  manualTooManyOpen: (limit: number) =>
    `You already have ${limit} manual deposits waiting for an admin to check them. Please wait until one is checked before you send another.`,
} as const;
