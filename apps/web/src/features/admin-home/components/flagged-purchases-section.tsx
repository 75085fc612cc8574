import { formatNaira } from '@quickvend/shared/money';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { useFlaggedPurchases } from '../api/get-flagged-purchases.ts';

/** Shown only when something needs chasing with the provider. */
export function FlaggedPurchasesSection() {
  const flagged = useFlaggedPurchases();
  const purchases = flagged.data?.purchases ?? [];
  if (purchases.length === 0) return null;
  return (
    <section aria-labelledby="flagged-heading" className="flex flex-col gap-3">
      <h2 id="flagged-heading" className="text-lg font-bold text-gray-900">
        Purchases pending for over a day
      </h2>
      <p className="text-sm text-gray-700">
        The provider has not confirmed these yet. They are still checked every hour; chase them with the
        provider.
      </p>
      <ul className="flex flex-col gap-2" aria-label="Flagged purchases">
        {purchases.map((purchase) => (
          <li
            key={purchase.id}
            className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900"
          >
            <p className="font-semibold">
              {purchase.serviceName} · {purchase.phone} · {formatNaira(purchase.chargedKobo)}
            </p>
            <p>
              Request id <span className="font-mono">{purchase.providerRequestId}</span> ·{' '}
              {formatLagosDateTime(purchase.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
