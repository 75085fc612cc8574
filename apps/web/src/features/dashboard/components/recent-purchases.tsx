import { Link } from '@/lib/router/index.ts';
import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { pricePaidKobo, purchaseSummary } from '@quickvend/shared/purchase-words';
import { PurchaseStatusBadge } from '@/components/purchases/purchase-status-badge.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { paths, transactionReceiptPath } from '@/lib/paths.ts';
import { useRecentPurchases } from '../api/get-recent-purchases.ts';

/** The user's five latest purchases, each opening its receipt. */
export function RecentPurchases() {
  const recent = useRecentPurchases();
  let content;
  if (recent.isPending) {
    content = (
      <div aria-busy="true">
        <span className="sr-only">{messages.common.loading}</span>
        <SkeletonList rows={2} />
      </div>
    );
  } else if (recent.isError) {
    content = <p className="text-sm text-gray-700">Your recent purchases could not be loaded just now.</p>;
  } else if (recent.data.purchases.length === 0) {
    content = <p className="text-sm text-gray-700">{messages.transactions.empty}</p>;
  } else {
    content = (
      <ul
        className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white"
        aria-label="Recent purchases"
      >
        {recent.data.purchases.map((purchase) => (
          <li key={purchase.id}>
            <Link
              to={transactionReceiptPath(purchase.requestId)}
              className="flex min-h-14 items-center justify-between gap-3 px-3 py-2 hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-brand-500"
            >
              <span className="flex min-w-0 flex-col">
                <span className="truncate text-sm font-semibold text-gray-900">
                  {purchaseSummary(purchase)}
                </span>
                <span className="text-xs text-gray-600">{formatLagosDateTime(purchase.createdAt)}</span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-0.5">
                {/* what the wallet paid, as on the receipt; a failed purchase's went back */}
                <span className="text-sm font-bold tabular-nums">
                  {formatNaira(pricePaidKobo(purchase))}
                  {purchase.status === 'failed' ? ' refunded' : ''}
                </span>
                <PurchaseStatusBadge status={purchase.status} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="recent-purchases-heading" className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 id="recent-purchases-heading" className="text-base font-bold text-gray-900">
          Recent purchases
        </h2>
        <Link
          to={paths.transactions}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline"
        >
          See all
        </Link>
      </div>
      {content}
    </section>
  );
}
