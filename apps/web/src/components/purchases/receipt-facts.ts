import type { Purchase, PurchaseStatus } from '@quickvend/shared/api/purchases';
import { groupToken } from '@quickvend/shared/bills';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import {
  networkLabelOf,
  pendingPromiseOf,
  recipientOf,
  tvLabelOf,
  whatOf,
} from '@quickvend/shared/purchase-words';
import { formatProviderDate } from '@/lib/format.ts';

/** `isPrivate`: left off a shared picture unless the customer chooses (the wallet's balance) */
export type ReceiptFact = { label: string; value: string; isPrivate?: boolean };

/** Everything a receipt says, in words, shared by the page and the image it is shared as. */
export type ReceiptFacts = {
  status: PurchaseStatus;
  /** `Delivered`, `Being confirmed`, `Failed` */
  headline: string;
  /** one plain sentence under the headline: what happens next, or why it failed */
  note: string | null;
  /** a failed purchase: that the money is back, and how much */
  refundNote: string | null;
  /** the first screen: the money first, then what, to whom, the balance after and when */
  facts: ReceiptFact[];
  /** folded below: the face value, discount, the provider's lines and its transaction id */
  details: ReceiptFact[];
  /** an electricity token in groups of four */
  token: string | null;
  units: string | null;
  pins: { pin: string; serial: string | null }[];
  /** what the customer quotes to support: the provider's transaction id, else the purchase's request id */
  reference: ReceiptFact;
};

export const receiptHeadlines: Record<PurchaseStatus, string> = {
  delivered: 'Delivered',
  pending: 'Being confirmed',
  failed: 'Failed',
};

/** A provider's capitals-only text (`TRANSACTION SUCCESSFUL`) in ordinary sentence case. */
export function plainText(text: string): string {
  const trimmed = text.trim();
  if (!/[A-Z]/.test(trimmed) || /[a-z]/.test(trimmed)) return trimmed;
  const lower = trimmed.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** Why a provider says a sale failed, in words a customer understands (providers.md §1.5 codes). */
const FAILURE_REASONS: [RegExp, string][] = [
  [/below minimum amount/i, 'The amount is below the least the provider accepts.'],
  [/above maximum amount/i, 'The amount is above the most the provider accepts.'],
  [/duplicate/i, 'It looked like a repeat of a purchase made moments before. Wait a minute and try again.'],
  [
    /variation code|product does not exist|invalid arguments|quantity/i,
    'That plan is not available right now. Choose another one.',
  ],
  [/revers/i, 'The provider reversed it.'],
  [
    /not reachable|suspended|inactive|low wallet balance|not processed|system error/i,
    'The service could not take it right now. Please try again later.',
  ],
];

function whoFailed(purchase: Purchase): string {
  switch (purchase.kind) {
    case 'airtime':
      return `${networkLabelOf(purchase.serviceId)} could not complete this top-up.`;
    case 'data':
      return `${networkLabelOf(purchase.serviceId)} could not deliver this data plan.`;
    case 'tv':
      return `${tvLabelOf(purchase.serviceId)} could not complete this subscription.`;
    case 'electricity':
      return 'Your distributor could not complete this payment.';
    case 'education':
      return 'The exam board could not issue the PINs.';
  }
}

/**
 * Why a failed purchase failed, in plain words: a provider's capitals and codes are turned into a
 * sentence; a message already written for customers (no capitals-only text) is kept.
 */
export function failureReasonOf(purchase: Purchase): string {
  const message = purchase.message.trim();
  for (const [pattern, reason] of FAILURE_REASONS) if (pattern.test(message)) return reason;
  if (message === '' || !/[a-z]/.test(message) || /vtpass|provider/i.test(message))
    return whoFailed(purchase);
  return message;
}

/** The refund sentence every failed purchase ends with. */
export function moneyBackText(purchase: Purchase): string {
  return `Your ${formatNaira(purchase.refundedKobo)} is back in your wallet.`;
}

/** The spec's receipt messages: `Subscription successful!` for airtime, StarTimes, GOtv and Showmax. */
const SUBSCRIPTION_RECEIPT_SERVICES = new Set(['startimes', 'gotv', 'showmax']);

function noteOf(purchase: Purchase): string | null {
  switch (purchase.status) {
    case 'delivered':
      return purchase.kind === 'airtime' || SUBSCRIPTION_RECEIPT_SERVICES.has(purchase.serviceId)
        ? messages.purchase.subscriptionReceipt
        : messages.purchase.transactionReceipt;
    case 'pending':
      return pendingPromiseOf(purchase);
    case 'failed':
      return failureReasonOf(purchase);
  }
}

/** The provider's receipt lines a customer can use: no token or PINs (shown large), no internal references. */
function providerLines(purchase: Purchase): ReceiptFact[] {
  return purchase.receiptLines
    .filter(
      (line) =>
        !/^(token|pins?|request ?id|reference)$/i.test(line.label.trim()) &&
        !(purchase.token !== null && /^units$/i.test(line.label.trim())) &&
        !/^purchase:|^pur_/i.test(line.value.trim()) &&
        line.value.trim() !== '',
    )
    .map((line) => ({
      label: plainText(line.label),
      value: /date/i.test(line.label) ? formatProviderDate(line.value.trim()) : line.value.trim(),
    }));
}

const VOUCHER = /^(voucher|voucher code|code)$/i;

/** Each label once: the first wins (a provider's line may repeat one of ours). */
function uniqueFacts(facts: ReceiptFact[]): ReceiptFact[] {
  const seen = new Set<string>();
  return facts.filter(({ label }) => {
    const key = label.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A purchase as a receipt says it: true about the money at every status. */
export function receiptFactsOf(purchase: Purchase): ReceiptFacts {
  const money: ReceiptFact =
    purchase.status === 'failed'
      ? { label: 'Refunded', value: formatNaira(purchase.refundedKobo) }
      : { label: 'Amount charged', value: formatNaira(purchase.chargedKobo) };
  const facts: ReceiptFact[] = [money, { label: 'What', value: whatOf(purchase) }, recipientOf(purchase)];
  // a voucher (Showmax) is what was bought: it belongs with the first facts, like a token
  facts.push(...providerLines(purchase).filter((line) => VOUCHER.test(line.label)));
  if (purchase.balanceAfterKobo !== null)
    facts.push({ label: 'Balance after', value: formatNaira(purchase.balanceAfterKobo), isPrivate: true });
  facts.push({ label: 'Date (Lagos time)', value: formatLagosDateTime(purchase.createdAt) });

  const details: ReceiptFact[] = [];
  if (purchase.amountKobo !== purchase.chargedKobo || purchase.status === 'failed')
    details.push({ label: 'Value', value: formatNaira(purchase.amountKobo) });
  if (purchase.discountKobo > 0)
    details.push({ label: 'Discount', value: `-${formatNaira(purchase.discountKobo)}` });
  if (purchase.kind === 'education' && purchase.quantity !== null)
    details.push({ label: 'Quantity', value: String(purchase.quantity) });
  if (purchase.customerName) details.push({ label: 'Customer', value: purchase.customerName });
  if (purchase.token === null && purchase.units) details.push({ label: 'Units', value: purchase.units });
  if (
    purchase.kind !== 'airtime' &&
    purchase.kind !== 'data' &&
    recipientOf(purchase).label !== 'Phone number'
  )
    details.push({ label: 'Phone number', value: purchase.phone });
  details.push(...providerLines(purchase));
  const reference: ReceiptFact = purchase.transactionId
    ? { label: 'Transaction ID', value: purchase.transactionId }
    : { label: 'Reference', value: purchase.requestId };
  details.push(reference);

  const taken = new Set(facts.map((fact) => fact.label.toLowerCase()));
  return {
    status: purchase.status,
    headline: receiptHeadlines[purchase.status],
    note: noteOf(purchase),
    refundNote: purchase.status === 'failed' ? moneyBackText(purchase) : null,
    facts,
    details: uniqueFacts(details).filter((fact) => !taken.has(fact.label.toLowerCase())),
    token: purchase.token === null ? null : groupToken(purchase.token),
    units: purchase.units,
    pins: purchase.pins ?? [],
    reference,
  };
}
