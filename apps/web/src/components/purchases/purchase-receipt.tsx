import type { Purchase } from '@quickvend/shared/api/purchases';
import { groupToken } from '@quickvend/shared/bills';
import { Receipt, receiptText, type ReceiptRow } from '../ui/receipt.tsx';
import { PurchaseDeliverables } from './purchase-deliverables.tsx';
import { PurchaseStatusBadge } from './purchase-status-badge.tsx';

type Row = [label: string, value: string];

/** The receipt as text for Share: its rows, then the token and PINs. */
function shareLinesOf(purchase: Purchase, rows: Row[]): Row[] {
  const extra: Row[] = [];
  if (purchase.token) extra.push(['Token', groupToken(purchase.token)]);
  for (const [index, pin] of (purchase.pins ?? []).entries()) {
    extra.push([`PIN ${index + 1}`, pin.serial ? `${pin.pin} (serial ${pin.serial})` : pin.pin]);
  }
  return [...rows, ...extra];
}

type PurchaseReceiptProps = {
  purchase: Purchase;
  rows: Row[];
  title?: string;
  headingLevel?: 1 | 2;
};

/** A purchase's receipt: the token or PINs first, the rows (status as a badge, the amount large), Print and Share. */
export function PurchaseReceipt({
  purchase,
  rows,
  title = 'Transaction Receipt',
  headingLevel = 2,
}: PurchaseReceiptProps) {
  const receiptRows: ReceiptRow[] = rows.map(([label, value]) => ({
    label,
    value: label === 'Status' ? <PurchaseStatusBadge status={purchase.status} /> : value,
    isEmphasised: label === 'Amount',
  }));
  const hasDeliverables = purchase.token !== null || (purchase.pins?.length ?? 0) > 0;
  return (
    <Receipt
      title={title}
      headingLevel={headingLevel}
      rows={receiptRows}
      shareText={receiptText(title, shareLinesOf(purchase, rows))}
      hasActions
      lead={hasDeliverables ? <PurchaseDeliverables purchase={purchase} /> : undefined}
    />
  );
}
