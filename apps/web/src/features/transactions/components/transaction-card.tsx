import { Link } from '@/lib/router/index.ts';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { groupToken, tokenDigits } from '@quickvend/shared/bills';
import { PurchaseStatusBadge } from '@/components/purchases/purchase-status-badge.tsx';
import { discountNoteOf, pricePaidKobo, recipientOf, whatOf } from '@quickvend/shared/purchase-words';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { buyAgainPath } from '@/lib/buy-again.ts';
import { transactionReceiptPath } from '@/lib/paths.ts';

const statusBorder: Record<Purchase['status'], string> = {
  delivered: 'border-l-green-600',
  pending: 'border-l-amber-500',
  failed: 'border-l-red-600',
};

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 justify-between gap-2">
      <dt className="shrink-0 text-gray-600">{label}</dt>
      <dd className="min-w-0 truncate text-right text-gray-900" title={value}>
        {value}
      </dd>
    </div>
  );
}

/** The token or PINs of a delivered purchase, copyable straight from the list. */
function Deliverables({ purchase }: { purchase: Purchase }) {
  const pins = purchase.pins ?? [];
  if (purchase.token === null && pins.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5 border-t border-dashed border-gray-300 px-3 py-2">
      {purchase.token !== null ? (
        <div className="flex items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs text-gray-600">Token{purchase.units ? ` · ${purchase.units}` : ''}</p>
            <p className="font-mono text-base font-extrabold break-words text-gray-900 tabular-nums">
              {groupToken(purchase.token)}
            </p>
          </div>
          <CopyButton text={tokenDigits(purchase.token)} what="token" />
        </div>
      ) : null}
      {pins.map((pin, index) => (
        <div key={`${pin.pin}-${index}`} className="flex items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs text-gray-600">
              PIN {index + 1}
              {pin.serial ? ` · serial ${pin.serial}` : ''}
            </p>
            <p className="font-mono text-base font-extrabold break-all text-gray-900">{pin.pin}</p>
          </div>
          <CopyButton text={pin.pin} what={`PIN ${index + 1}`} />
        </div>
      ))}
    </div>
  );
}

/**
 * One money figure, as the receipt and the statement give it: what the wallet paid, with the plan's price beside it
 * only when a discount applied; for a failed purchase, what went back.
 */
function PurchaseMoney({ purchase }: { purchase: Purchase }) {
  const paid = formatNaira(pricePaidKobo(purchase));
  if (purchase.status === 'failed') {
    return <span className="text-base font-extrabold text-gray-700 tabular-nums">{paid} refunded</span>;
  }
  const note = discountNoteOf(purchase);
  return (
    <>
      <span className="text-base font-extrabold text-gray-900 tabular-nums">{paid}</span>
      {note ? <span className="text-xs text-gray-600 tabular-nums">{note}</span> : null}
    </>
  );
}

/** One purchase in the list; the card opens its receipt, and a token or PINs can be copied from it. */
export function TransactionCard({ purchase }: { purchase: Purchase }) {
  const what = whatOf(purchase);
  const recipient = recipientOf(purchase);
  const againPath = buyAgainPath(purchase);
  return (
    <li
      className={`overflow-hidden rounded-xl border border-l-4 border-gray-200 bg-white shadow-sm ${statusBorder[purchase.status]}`}
    >
      <Link
        to={transactionReceiptPath(purchase.requestId)}
        className="block px-3 py-2.5 hover:bg-gray-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-500"
      >
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate text-sm font-bold text-gray-900" title={what}>
              {what}
            </p>
            <p className="text-xs text-gray-600">{formatLagosDateTime(purchase.createdAt)}</p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1 text-right">
            <PurchaseMoney purchase={purchase} />
            <PurchaseStatusBadge status={purchase.status} />
          </div>
        </div>
        <dl className="mt-2 grid gap-0.5 text-xs">
          <Field label={recipient.label} value={recipient.value} />
          {purchase.customerName ? <Field label="Customer" value={purchase.customerName} /> : null}
        </dl>
      </Link>
      <Deliverables purchase={purchase} />
      {againPath !== null ? (
        <div className="border-t border-gray-100 px-3 py-1">
          <Link
            to={againPath}
            aria-label={`Buy again: ${what}`}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline"
          >
            Buy again
          </Link>
        </div>
      ) : null}
    </li>
  );
}
