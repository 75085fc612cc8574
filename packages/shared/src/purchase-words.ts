import type { Purchase } from './api/purchases.ts';
import { groupedNumber } from './beneficiaries.ts';
import { findCatalogueService } from './catalog.ts';
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

/** What was bought, in words: `MTN Airtime`, `MTN 1GB`, `GOtv Smallie`, `Ikeja Electric Prepaid`, `WAEC Result Checker × 2`. */
export function whatOf(purchase: PurchaseWordsInput): string {
  const plan = withoutPriceSuffix(purchase.planName ?? '');
  switch (purchase.kind) {
    case 'airtime':
      return `${networkLabelOf(purchase.serviceId)} Airtime`;
    case 'data':
      return plan ? planWithBrand(networkLabelOf(purchase.serviceId), plan) : purchase.serviceName;
    case 'tv': {
      const name = plan ? planWithBrand(tvLabelOf(purchase.serviceId), plan) : tvLabelOf(purchase.serviceId);
      return purchase.subscriptionType === 'renew' && !/renew/i.test(name) ? `${name} (renewal)` : name;
    }
    case 'electricity':
      return purchase.serviceName;
    case 'education': {
      const exam = EXAM_SERVICES.find((service) => service.id === purchase.serviceId)?.label;
      const name = exam ?? purchase.serviceName;
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
