import { formatNaira } from '@quickvend/shared/money';
import { useFloat } from '@/lib/api/admin/get-float.ts';

/**
 * Across the back office while the VTpass float is under its warning level: purchases fail once it runs out.
 * Says nothing while the float is fine or unknown.
 */
export function LowFloatBanner() {
  const float = useFloat();
  const data = float.data;
  return (
    <div role="status" aria-live="polite">
      {data?.below && data.balanceKobo !== null ? (
        <p className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          <span className="font-bold">The VTpass float is low: {formatNaira(data.balanceKobo)} left</span>,
          under the {formatNaira(data.thresholdKobo)} warning level. Customers&apos; wallets hold{' '}
          {formatNaira(data.liabilitiesKobo)}. Top up the VTpass wallet before purchases start failing.
        </p>
      ) : null}
    </div>
  );
}
