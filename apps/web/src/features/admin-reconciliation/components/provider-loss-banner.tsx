import { Link } from '@/lib/router/index.ts';
import { formatNaira } from '@quickvend/shared/money';
import { paths } from '@/lib/paths.ts';
import { useProviderLosses } from '../api/get-provider-losses.ts';

/**
 * Across the back office while any provider-side loss is open: VTpass delivered a purchase we had refunded.
 * Says nothing while there is none, or while the list cannot be read.
 */
export function ProviderLossBanner() {
  const { data } = useProviderLosses();
  const open = data?.open;
  return (
    <div role="status" aria-live="polite">
      {open && open.count > 0 ? (
        <p className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          <span className="font-bold">
            VTpass delivered {open.count === 1 ? 'a purchase' : `${String(open.count)} purchases`} we had
            refunded: {formatNaira(open.amountKobo)} lost from the float.
          </span>{' '}
          <Link to={paths.adminReconciliation} className="font-semibold underline underline-offset-4">
            Recover it or write it off
          </Link>
        </p>
      ) : null}
    </div>
  );
}
