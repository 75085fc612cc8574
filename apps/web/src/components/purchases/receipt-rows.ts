import type { Purchase } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';

export type ReceiptLine = [label: string, value: string];

/** A receipt row list with each label once: the first wins (a provider's line may repeat one of ours). */
export function uniqueRows(rows: ReceiptLine[]): ReceiptLine[] {
  const seen = new Set<string>();
  return rows.filter(([label]) => {
    const key = label.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The customer the provider verified, the units, the quantity and the provider's own receipt lines. */
export function detailRowsOf(purchase: Purchase): ReceiptLine[] {
  const rows: ReceiptLine[] = [];
  if (purchase.customerName) rows.push(['Customer', purchase.customerName]);
  if (purchase.kind === 'education' && purchase.quantity !== null)
    rows.push(['Quantity', String(purchase.quantity)]);
  if (purchase.units) rows.push(['Units', purchase.units]);
  for (const line of purchase.receiptLines) {
    // the token and PINs are shown large below the rows, with Copy
    if (/^(token|pins?)$/i.test(line.label.trim())) continue;
    rows.push([line.label, line.value]);
  }
  return rows;
}

/** The face value, what the discount took off, and what the wallet paid. */
export function chargeRowsOf(purchase: Purchase, options: { alwaysCharged?: boolean } = {}): ReceiptLine[] {
  const rows: ReceiptLine[] = [['Amount', formatNaira(purchase.amountKobo)]];
  if (purchase.discountKobo > 0) rows.push(['Discount', `-${formatNaira(purchase.discountKobo)}`]);
  if (options.alwaysCharged === true || purchase.chargedKobo !== purchase.amountKobo)
    rows.push(['Amount charged', formatNaira(purchase.chargedKobo)]);
  return rows;
}
