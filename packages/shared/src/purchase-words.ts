import type { z } from 'zod';
import type { Purchase, purchase } from './api/purchases.ts';
import { groupedNumber } from './beneficiaries.ts';
import { findCatalogueService } from './catalog.ts';
import { lagosClock } from './format.ts';
import { formatNaira, kobo } from './money.ts';
import { percentText, sellingPrice } from './pricing.ts';
import { ESCALATED_MESSAGE } from './messages/purchase.ts';
import { EXAM_SERVICES, NETWORK_SERVICES } from './services.ts';

/**
 * How every screen, notice, mail, receipt and statement names a purchase: what was bought and for whom, each
 * said once. The server and the web both speak through these, so a customer reads the same words everywhere.
 */

/** The facts the words are made from: any purchase, or a statement's line joined to its purchase. */
export type PurchaseWordsInput = Pick<
  Purchase,
  | 'kind'
  | 'serviceId'
  | 'serviceName'
  | 'planName'
  | 'phone'
  | 'billersCode'
  | 'subscriptionType'
  | 'quantity'
>;

/** `GOtv GOtv Smallie` → `GOtv Smallie`: a word said twice in a row at the start, said once. */
function withoutRepeatedLead(text: string): string {
  return text.replace(/^(\S+)(?:\s+\1)+(?=\s|$)/i, '$1');
}

/**
 * A plan under its brand, the brand said once: (`GOtv`, `Smallie`) → `GOtv Smallie`, and (`GOtv`,
 * `GOtv Smallie`) or a provider's own `GOtv GOtv Smallie` → `GOtv Smallie`. Use it wherever a TV or
 * network plan is named.
 */
export function planWithBrand(brand: string, plan: string): string {
  const name = withoutRepeatedLead(plan.trim().replace(/\s+/g, ' '));
  const lead = brand.trim();
  if (lead === '') return name;
  if (name === '') return lead;
  const startsWithBrand =
    name.toLowerCase().startsWith(lead.toLowerCase()) && /^(\s|$)/.test(name.slice(lead.length));
  return startsWithBrand ? name : `${lead} ${name}`;
}

/** `DStv Compact N19,000` → `DStv Compact`: a provider's plan name without the price it ends with. */
export function withoutPriceSuffix(plan: string): string {
  const name = plan.replace(/\s*[-–:]?\s*(?:N|₦|NGN)\s?\d[\d,]*(?:\.\d+)?\s*$/u, '').trim();
  return name === '' ? plan.trim() : name;
}

/** The network of a provider service id (`mtn`, `mtn-data`, `etisalat`...), as the forms name it. */
export function networkLabelOf(serviceId: string): string {
  const network = findCatalogueService(serviceId)?.network;
  return network ? NETWORK_SERVICES[network].label : serviceId;
}

/** `DSTV`, `GOtv`, `StarTimes`, `Showmax`: a TV service as its page names it. */
export function tvLabelOf(serviceId: string): string {
  return findCatalogueService(serviceId)?.name ?? serviceId;
}

const RENEWAL_MARK = /\s*\(renewal\)\s*$/i;

/** What was bought, in words: `MTN Airtime`, `MTN 1GB`, `GOtv Smallie`, `Ikeja Electric Prepaid`, `WAEC Result Checker × 2`. */
export function whatOf(purchase: PurchaseWordsInput): string {
  const planName = purchase.planName ?? '';
  // a renewal is named `DStv Compact N19,000 (renewal)`: the price sits before the mark
  const plan = withoutPriceSuffix(planName.replace(RENEWAL_MARK, ''));
  switch (purchase.kind) {
    case 'airtime':
      return `${networkLabelOf(purchase.serviceId)} Airtime`;
    case 'data':
      return plan ? planWithBrand(networkLabelOf(purchase.serviceId), plan) : purchase.serviceName;
    case 'tv': {
      const name = plan ? planWithBrand(tvLabelOf(purchase.serviceId), plan) : tvLabelOf(purchase.serviceId);
      const isRenewal = purchase.subscriptionType === 'renew' || RENEWAL_MARK.test(planName);
      return isRenewal && !/renew/i.test(name) ? `${name} (renewal)` : name;
    }
    case 'electricity':
      return purchase.serviceName;
    case 'education': {
      const exam = EXAM_SERVICES.find((service) => service.id === purchase.serviceId)?.label;
      // JAMB sells one PIN of several kinds (with or without the mock exam): the plan says which
      const name =
        purchase.serviceId === 'jamb' && plan
          ? planWithBrand(exam ?? 'JAMB', plan)
          : (exam ?? purchase.serviceName);
      return purchase.quantity !== null && purchase.quantity > 1 ? `${name} × ${purchase.quantity}` : name;
    }
  }
}

export type Recipient = { label: string; value: string };

/** Who received it, labelled as the customer knows the number: phone, meter, smartcard or profile ID. */
export function recipientOf(purchase: PurchaseWordsInput): Recipient {
  const code = purchase.billersCode;
  switch (purchase.kind) {
    case 'tv':
      // Showmax has no card: the phone is the account
      return purchase.serviceId !== 'showmax' && code
        ? { label: 'Smartcard number', value: code }
        : { label: 'Phone number', value: purchase.phone };
    case 'electricity':
      return code ? { label: 'Meter number', value: code } : { label: 'Phone number', value: purchase.phone };
    case 'education':
      return purchase.serviceId === 'jamb' && code
        ? { label: 'Profile ID', value: code }
        : { label: 'Phone number', value: purchase.phone };
    case 'airtime':
    case 'data':
      return { label: 'Phone number', value: purchase.phone };
  }
}

/** For whom, as a phrase: `to 0803 123 4567`, `for smartcard 7034567890`, `for meter 45031234567`, `for profile …`. */
export function targetOf(purchase: PurchaseWordsInput): string {
  const { label, value } = recipientOf(purchase);
  if (value === '') return '';
  switch (label) {
    case 'Smartcard number':
      return `for smartcard ${value}`;
    case 'Meter number':
      return `for meter ${value}`;
    case 'Profile ID':
      return `for profile ${value}`;
    default:
      return purchase.kind === 'airtime' || purchase.kind === 'data'
        ? `to ${groupedNumber(value)}`
        : `for ${groupedNumber(value)}`;
  }
}

/** One line naming a purchase: `MTN 1GB to 0803 123 4567`, `DStv Compact for smartcard 7034567890`. */
export function purchaseSummary(purchase: PurchaseWordsInput): string {
  return [whatOf(purchase), targetOf(purchase)].filter(Boolean).join(' ');
}

/** A text that ends as a sentence: a full stop added only when it has no closing mark of its own. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Sentences joined by a space, each ending once: never `slip..`. */
export function sentences(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part?.trim()))
    .map(asSentence)
    .join(' ');
}

/** The money facts of a purchase, as every list and text needs them. */
export type PurchaseMoneyInput = Pick<
  z.input<typeof purchase>,
  'kind' | 'amountKobo' | 'chargedKobo' | 'refundedKobo'
>;

/**
 * What the wallet paid for it: the price held or charged; for a failed purchase, the price that went back
 * (a failed purchase is refunded in full, so `chargedKobo` is then 0).
 */
export function pricePaidKobo(purchase: PurchaseMoneyInput): number {
  return purchase.chargedKobo + purchase.refundedKobo;
}

/** `1%` when a whole discount rule gives exactly this price (rounded as the server rounds it), else `₦44.00`. */
function offText(faceKobo: number, paidKobo: number): string {
  // a guess from the ratio, kept only if the exact integer price rule gives the same price
  const bps = Math.round(((faceKobo - paidKobo) * 10_000) / faceKobo);
  const isWholeRule =
    bps > 0 && sellingPrice(kobo(faceKobo), { mode: 'bps', bps: -bps, allowLoss: true }) === paidKobo;
  return isWholeRule ? percentText(bps) : formatNaira(faceKobo - paidKobo);
}

/**
 * Beside the price, only when a discount applied: `₦4,400.00 plan, 1% off` (a plan's price), `₦1,000.00 value,
 * 1% off` (an amount bought), or null.
 */
export function discountNoteOf(purchase: PurchaseMoneyInput): string | null {
  const faceKobo = purchase.amountKobo;
  const paidKobo = pricePaidKobo(purchase);
  if (faceKobo <= 0 || paidKobo >= faceKobo) return null;
  const face = purchase.kind === 'data' || purchase.kind === 'tv' ? 'plan' : 'value';
  return `${formatNaira(faceKobo)} ${face}, ${offText(faceKobo, paidKobo)} off`;
}

/** The money of a purchase in a sentence: `₦4,356.00 (₦4,400.00 plan, 1% off)`, or `₦500.00`. */
export function paidPhraseOf(purchase: PurchaseMoneyInput): string {
  const note = discountNoteOf(purchase);
  const paid = formatNaira(pricePaidKobo(purchase));
  return note === null ? paid : `${paid} (${note})`;
}

/** Who a purchase waits on while it is confirmed: `the network`, `DSTV`, `your distributor`, `the exam board`. */
export function confirmerOf(purchase: Pick<Purchase, 'kind' | 'serviceId'>): string {
  switch (purchase.kind) {
    case 'airtime':
    case 'data':
      return 'the network';
    case 'tv':
      return tvLabelOf(purchase.serviceId);
    case 'electricity':
      return 'your distributor';
    case 'education':
      return 'the exam board';
  }
}

/** `12:31` on a Lagos clock: the time a pending purchase is promised delivered or refunded by. */
export function deadlineOf(resolveBy: string | Date | null): string | null {
  if (resolveBy === null) return null;
  const date = typeof resolveBy === 'string' ? new Date(resolveBy) : resolveBy;
  if (Number.isNaN(date.getTime())) return null;
  const { hour, minute } = lagosClock(date);
  return `${hour}:${minute}`;
}

/**
 * What a pending purchase promises, said alike on the receipt, the result page and the notice. It says what
 * the engine does: refunded only on the provider's word, so one still unanswered at the deadline goes to our
 * team (and the customer hears of it), never back to the wallet unasked. Once escalated, it says so.
 */
export function pendingPromiseOf(
  purchase: Pick<Purchase, 'kind' | 'serviceId' | 'message' | 'resolveBy'>,
): string {
  if (purchase.message === ESCALATED_MESSAGE) return ESCALATED_MESSAGE;
  const confirmer = confirmerOf(purchase);
  const deadline = deadlineOf(purchase.resolveBy);
  return deadline === null
    ? `Delivered or refunded, usually within a few minutes. If ${confirmer} does not answer, our team takes it up and tells you.`
    : `Delivered or refunded by ${deadline}, usually within a few minutes. If ${confirmer} has still not answered by then, our team takes it up and tells you.`;
}

/**
 * While the provider is asked: the money is set aside, not spent. `We are confirming with the network; your
 * ₦500.00 is held, not spent.`, naming the purchase when the text stands alone (a notice).
 */
export function heldText(confirmer: string, priceKobo: number, summary?: string): string {
  const what = summary ? `${summary} ` : '';
  return `We are confirming ${what}with ${confirmer}; your ${formatNaira(priceKobo)} is held, not spent.`;
}

/** What a credential mail or text carries: `Ikeja Electricity token`, `WAEC Result Checker PINs`, or null. */
export function credentialNameOf(
  purchase: Pick<Purchase, 'kind' | 'serviceId' | 'serviceName' | 'token' | 'pins'>,
): string | null {
  if (purchase.token) return `${purchase.serviceName} token`;
  const count = purchase.pins?.length ?? 0;
  if (count === 0) return null;
  const exam =
    EXAM_SERVICES.find((service) => service.id === purchase.serviceId)?.label ??
    purchase.serviceName.replace(/\s+PINs?$/i, '');
  return `${exam} ${count > 1 ? 'PINs' : 'PIN'}`;
}
