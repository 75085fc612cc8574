import { formatNaira } from '@quickvend/shared/money';
import { Skeleton } from './skeleton.tsx';

type BalanceChipProps = { balanceKobo: number | undefined; isError?: boolean };

/** The live wallet balance in the top bar. */
export function BalanceChip({ balanceKobo, isError = false }: BalanceChipProps) {
  return (
    <span className="inline-flex min-h-9 items-center gap-1 rounded-full bg-brand-50 px-3 text-sm font-semibold text-brand-900">
      <span className="sr-only">Balance: </span>
      {balanceKobo !== undefined ? (
        formatNaira(balanceKobo)
      ) : isError ? (
        '₦—'
      ) : (
        <Skeleton className="h-4 w-16" />
      )}
    </span>
  );
}
