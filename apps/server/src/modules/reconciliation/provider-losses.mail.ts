import { formatNaira, type Kobo } from '@quickvend/shared/money';
import { paidPhraseOf, purchaseSummary } from '@quickvend/shared/purchase-words';
import { toPurchase, type PurchaseRow } from '../purchases/index.ts';
import type { ProviderLossRow } from './reconciliation.tables.ts';

/** `MTN Airtime to 0803 123 4567, bought for ₦500.00`: in the words the customer's receipt uses. */
const describe = (row: PurchaseRow) => {
  const purchase = toPurchase(row);
  return `${purchaseSummary(purchase)}, bought for ${paidPhraseOf(purchase)}`;
};

export const lossNote = (amountKobo: Kobo) =>
  `VTpass delivered this after it was refunded: a provider-side loss of ${formatNaira(amountKobo)}`;

/** The mail every admin gets of a loss just found. */
export function alertMail(
  loss: Pick<ProviderLossRow, 'amountKobo' | 'refundedKobo'>,
  purchase: PurchaseRow,
  customer: { name: string; email: string } | undefined,
  appUrl: string,
) {
  const who = customer ? `${customer.name || customer.email} (${customer.email})` : 'the customer';
  return {
    subject: `Provider-side loss: VTpass delivered a refunded purchase (${formatNaira(loss.amountKobo)})`,
    text: [
      `VTpass says it delivered ${describe(purchase)} (purchase ${purchase.id}), which we had already refunded to ${who}: ${formatNaira(loss.refundedKobo)} went back to their wallet.`,
      `VTpass took ${formatNaira(loss.amountKobo)} from the float for it, and our books do not show that yet.`,
      `Decide what to do in the back office: recover it from the customer (a second admin approves), or write it off as an expense.`,
      `${appUrl}/admin/reconciliation`,
    ].join('\n\n'),
  };
}
