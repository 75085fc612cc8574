import type { Purchase } from '@quickvend/shared/api/purchases';
import { groupToken } from '@quickvend/shared/bills';
import { formatLagosTimestamp } from '@quickvend/shared/format';
import { formatNaira } from '@quickvend/shared/money';
import { PRODUCT_NAME } from '@quickvend/shared/services';

/** The mail that carries a token or exam PINs, on delivery and on request: the customer must never lose them. */
export function credentialMail(purchase: Purchase): { subject: string; text: string } {
  const lines = [
    `${purchase.serviceName}${purchase.planName ? ` — ${purchase.planName}` : ''}`,
    `Amount: ${formatNaira(purchase.amountKobo)} (you paid ${formatNaira(purchase.chargedKobo)})`,
  ];
  if (purchase.billersCode) lines.push(`Meter / number: ${purchase.billersCode}`);
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
  // service names of PIN products end in PIN: `Your WAEC Result Checker PINs from ...`
  const what = purchase.token
    ? `${purchase.serviceName} token`
    : `${purchase.serviceName}${(purchase.pins?.length ?? 0) > 1 ? 's' : ''}`;
  return { subject: `Your ${what} from ${PRODUCT_NAME}`, text: lines.join('\n') };
}
