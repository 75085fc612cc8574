import { Link } from 'react-router';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { PurchaseStatusBadge } from '../../../components/ui/purchase-status-badge.tsx';
import { formatLagosTimestamp } from '../../../lib/format.ts';
import { transactionReceiptPath } from '../../../lib/paths.ts';
import { planOf, recipientOf } from './service-names.ts';

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

/** One purchase in the list; the whole card opens its receipt. */
export function TransactionCard({ purchase }: { purchase: Purchase }) {
  return (
    <li>
      <Link
        to={transactionReceiptPath(purchase.requestId)}
        className={`block rounded-xl border border-l-4 border-gray-200 bg-white px-3 py-2.5 shadow-sm hover:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-500 ${statusBorder[purchase.status]}`}
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
          <Field label="Plan" value={planOf(purchase)} />
          <Field label="Transaction id" value={purchase.transactionId ?? '—'} isMono />
          <Field label="Request id" value={purchase.providerRequestId} isMono />
          <Field label="Date" value={formatLagosTimestamp(purchase.createdAt)} />
        </dl>
      </Link>
    </li>
  );
}
