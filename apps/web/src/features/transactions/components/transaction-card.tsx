import { Link } from 'react-router';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { formatLagosTimestamp } from '@quickvend/shared/format';
import { groupToken, tokenDigits } from '@quickvend/shared/bills';
import { PurchaseStatusBadge } from '@/components/purchases/purchase-status-badge.tsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { transactionReceiptPath } from '@/lib/paths.ts';

/** What was bought, in words: the plan for data and TV, else the service's name. */
export function planOf(purchase: Purchase): string {
  return purchase.planName ?? purchase.serviceName;
}

/** Who received it: the phone, or the meter or smart card number. */
export function recipientOf(purchase: Purchase): string {
  return purchase.billersCode && purchase.billersCode !== purchase.phone
    ? `${purchase.billersCode}${purchase.phone ? ` (${purchase.phone})` : ''}`
    : purchase.phone;
}

const statusBorder: Record<Purchase['status'], string> = {
  delivered: 'border-l-green-600',
  pending: 'border-l-amber-500',
  failed: 'border-l-red-600',
};

function Field({ label, value, isMono = false }: { label: string; value: string; isMono?: boolean }) {
  return (
    <div className="flex min-w-0 justify-between gap-2">
      <dt className="shrink-0 text-gray-600">{label}</dt>
      <dd
        className={`min-w-0 truncate text-right text-gray-900 ${isMono ? 'font-mono text-xs leading-5' : ''}`}
        title={value}
      >
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

/** One purchase in the list; the card opens its receipt, and a token or PINs can be copied from it. */
export function TransactionCard({ purchase }: { purchase: Purchase }) {
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
            <p className="truncate text-sm font-bold text-gray-900">{planOf(purchase)}</p>
            <p className="text-xs text-gray-600">{purchase.serviceName}</p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <span className="text-base font-extrabold text-gray-900 tabular-nums">
              {formatNaira(purchase.amountKobo)}
            </span>
            <PurchaseStatusBadge status={purchase.status} />
          </div>
        </div>
        <dl className="mt-2 grid gap-0.5 text-xs">
          <Field label="Platform" value={PRODUCT_NAME} />
          <Field label="Phone" value={recipientOf(purchase)} />
          {purchase.customerName ? <Field label="Customer" value={purchase.customerName} /> : null}
          <Field label="Plan" value={planOf(purchase)} />
          {purchase.quantity !== null && purchase.kind === 'education' ? (
            <Field label="Quantity" value={String(purchase.quantity)} />
          ) : null}
          {purchase.discountKobo > 0 ? (
            <Field
              label="Charged"
              value={`${formatNaira(purchase.chargedKobo)} (${formatNaira(purchase.discountKobo)} off)`}
            />
          ) : null}
          <Field label="Transaction id" value={purchase.transactionId ?? '—'} isMono />
          <Field label="Request id" value={purchase.providerRequestId} isMono />
          <Field label="Date" value={formatLagosTimestamp(purchase.createdAt)} />
        </dl>
      </Link>
      <Deliverables purchase={purchase} />
    </li>
  );
}
