import type { Purchase } from '@quickvend/shared/api/purchases';
import { groupToken } from '@quickvend/shared/bills';
import { formatLagosTimestamp } from '@quickvend/shared/format';
import { credentialNameOf, paidPhraseOf, recipientOf, whatOf } from '@quickvend/shared/purchase-words';
import { PRODUCT_NAME } from '@quickvend/shared/services';

/** The mail that carries a token or exam PINs, on delivery and on request: the customer must never lose them. */
export function credentialMail(purchase: Purchase): { subject: string; text: string } {
  const recipient = recipientOf(purchase);
  const lines = [whatOf(purchase), `You paid: ${paidPhraseOf(purchase)}`];
  if (recipient.value !== '') lines.push(`${recipient.label}: ${recipient.value}`);
  if (purchase.token) lines.push('', `Token: ${groupToken(purchase.token)}`);
  if (purchase.units) lines.push(`Units: ${purchase.units}`);
  for (const [i, pin] of (purchase.pins ?? []).entries()) {
    lines.push(
      `${i === 0 ? '\n' : ''}PIN ${i + 1}: ${pin.pin}${pin.serial ? ` (serial ${pin.serial})` : ''}`,
    );
  }
  lines.push(
    '',
    `Transaction ID: ${purchase.transactionId ?? purchase.providerRequestId}`,
    `Date: ${formatLagosTimestamp(purchase.createdAt)}`,
  );
  const what = credentialNameOf(purchase) ?? whatOf(purchase);
  return { subject: `Your ${what} from ${PRODUCT_NAME}`, text: lines.join('\n') };
}
