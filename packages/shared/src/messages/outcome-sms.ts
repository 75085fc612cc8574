import type { Purchase } from '../api/purchases.ts';
import { groupToken } from '../bills.ts';
import { toNairaString } from '../money.ts';
import { pricePaidKobo, purchaseSummary } from '../purchase-words.ts';
import { PRODUCT_NAME } from '../services.ts';
import type { PurchaseNoticeStage } from './notices.ts';

/**
 * The text message of a web purchase's outcome, for a customer who turned on "Text me each purchase's
 * outcome": what happened, the money in naira, and what to do. Plain ASCII (a naira sign or × would halve what
 * one message holds), one message where it can be.
 */

/** Naira as a text message writes it: `NGN1500.00`. */
const smsNaira = (amountKobo: number) => `NGN${toNairaString(amountKobo)}`;

/** `×` and other letters a basic SMS alphabet lacks, written plainly. */
const ascii = (text: string) => text.replaceAll('×', 'x').replace(/[^\x20-\x7E]/g, '');

function credentialsOf(purchase: Purchase): string | null {
  if (purchase.token) {
    const units = purchase.units ? ` (${purchase.units})` : '';
    return `Token: ${groupToken(purchase.token)}${units}.`;
  }
  const pins = purchase.pins ?? [];
  if (pins.length === 0) return null;
  const list = pins.map((pin) => (pin.serial ? `${pin.pin} (serial ${pin.serial})` : pin.pin)).join(', ');
  return `${pins.length === 1 ? 'PIN' : 'PINs'}: ${list}.`;
}

export const outcomeSmsTexts = {
  /** the settings toggle */
  preferenceLabel: "Text me each purchase's outcome",
  preferenceHint:
    'A text message to the phone on your account when a purchase is delivered (with its token or PINs) or fails and is refunded, or if it is taking longer than usual.',
} as const;

/** The text for one outcome stage, or null for a stage that sends none (the first "being confirmed"). */
export function purchaseOutcomeSms(purchase: Purchase, stage: PurchaseNoticeStage): string | null {
  const what = ascii(purchaseSummary(purchase));
  const paid = smsNaira(pricePaidKobo(purchase));
  const ref = `Ref ${purchase.requestId}.`;
  switch (stage) {
    case 'delivered':
      return [`${PRODUCT_NAME}: ${what} delivered. You paid ${paid}.`, credentialsOf(purchase), ref]
        .filter(Boolean)
        .join(' ');
    case 'refunded':
      return `${PRODUCT_NAME}: ${what} failed. ${smsNaira(purchase.refundedKobo)} is back in your wallet; you can try again. ${ref}`;
    case 'escalated':
      return `${PRODUCT_NAME}: ${what} is taking longer than usual. Your ${paid} is held, not spent. Our team is on it: you will get it or your money back. Nothing to do now. ${ref}`;
    case 'pending':
      return null;
  }
}
