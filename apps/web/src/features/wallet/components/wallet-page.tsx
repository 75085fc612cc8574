import type { ReactNode } from 'react';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { LinkButton } from '@/components/ui/link-button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { WalletBreakdownTable } from '@/components/wallet/wallet-breakdown-table.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { StatementList } from './statement-list.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-t border-gray-200 py-2 first:border-t-0 sm:flex-row sm:justify-between sm:gap-3">
      <dt className="text-sm font-semibold text-gray-600">{label}</dt>
      <dd className="min-w-0 text-base font-medium wrap-anywhere text-gray-900">{children}</dd>
    </div>
  );
}

/** `/wallet`: who the wallet belongs to, its balance, where the money came from, and every movement. */
export function WalletPage() {
  const session = useSession();
  const wallet = useWallet();
  const user = session.data;

  let problem: string | null = null;
  if (session.data === null || isApiError(wallet.error, 'UNAUTHENTICATED'))
    problem = messages.wallet.notLoggedIn;
  else if (session.isError || wallet.isError) problem = messages.wallet.retrieveFailed;

  const isLoading = problem === null && (session.isPending || wallet.isPending);

  return (
    <div className="flex max-w-2xl flex-col gap-5">
      <title>{`${messages.wallet.title} · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">{messages.wallet.title}</h1>
      {problem !== null ? (
        <StatusMessage message={problem} tone="error" />
      ) : (
        <>
          <section
            aria-labelledby="wallet-details-heading"
            aria-busy={isLoading || undefined}
            className="rounded-2xl border border-gray-200 bg-white p-4"
          >
            <h2 id="wallet-details-heading" className="sr-only">
              Wallet details
            </h2>
            {isLoading ? <p className="sr-only">{messages.common.loading}</p> : null}
            <dl>
              <Detail label="Email">{user ? user.email : <Skeleton className="h-5 w-48" />}</Detail>
              <Detail label="Username">
                {user ? user.name.trim() || messages.wallet.noUsername : <Skeleton className="h-5 w-32" />}
              </Detail>
              <Detail label="Balance">
                {wallet.data ? (
                  <span className="text-xl font-extrabold tabular-nums">
                    {formatNaira(wallet.data.balanceKobo)}
                  </span>
                ) : (
                  <Skeleton className="h-7 w-32" />
                )}
              </Detail>
            </dl>
            <LinkButton to={paths.fundWallet} className="mt-3 w-full sm:w-auto">
              Fund Wallet
            </LinkButton>
          </section>
          <WalletBreakdownTable breakdown={wallet.data?.breakdown} />
          <StatementList />
        </>
      )}
    </div>
  );
}
