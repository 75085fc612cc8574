import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../lib/paths.ts';
import { useWallet } from '../../../lib/wallet.ts';

/** The live balance a purchase is paid from, in one compact line. */
export function BalanceLine() {
  const wallet = useWallet();
  return (
    <section
      aria-label="Wallet balance"
      className="flex items-center justify-between gap-2 rounded-xl bg-brand-50 px-3 py-2"
    >
      <p className="flex items-center gap-1.5 text-sm text-brand-900">
        <span className="font-semibold">Balance</span>
        {wallet.data ? (
          <span className="text-base font-extrabold tabular-nums">
            {formatNaira(wallet.data.balanceKobo)}
          </span>
        ) : wallet.isError ? (
          <span>{messages.wallet.retrieveFailed}</span>
        ) : (
          <>
            <span className="sr-only">{messages.purchase.loadingUser}</span>
            <Skeleton className="h-5 w-20" />
          </>
        )}
      </p>
      <Link
        to={paths.fundWallet}
        className="inline-flex min-h-9 items-center text-sm font-semibold whitespace-nowrap text-brand-800 underline"
      >
        Fund wallet
      </Link>
    </section>
  );
}

/** A purchase page: its title, the balance, then one step (form, PIN or result). */
export function PurchasePageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-3">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <h1 className="text-xl font-bold text-gray-900">{title}</h1>
      <BalanceLine />
      {children}
    </div>
  );
}

/** The fund-wallet offer under an insufficient-balance message. */
export function FundWalletOffer() {
  return (
    <Link
      to={paths.fundWallet}
      className="inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
    >
      Fund wallet
    </Link>
  );
}
