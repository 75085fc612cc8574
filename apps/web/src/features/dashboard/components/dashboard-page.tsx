import { useEffect, useState } from 'react';
import { useLocation } from '@/lib/router/index.ts';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { PRODUCT_NAME, MESSAGE_DISPLAY_MS } from '@quickvend/shared/services';
import { ConfirmEmailNotice } from '@/components/account/confirm-email-notice.tsx';
import { LinkButton } from '@/components/ui/link-button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { GetStarted } from './get-started.tsx';
import { RecentPurchases } from './recent-purchases.tsx';
import { billTiles, ServiceTiles, tvTiles, type ServiceTile } from './service-tiles.tsx';

const networks: ServiceTile[] = (['mtn', 'glo', 'airtel', '9mobile'] as const).map((network) => ({
  kind: 'provider',
  provider: network,
  to: `${paths.airtime}?network=${network}`,
}));

function WalletCard({ className = '' }: { className?: string }) {
  const wallet = useWallet();
  return (
    <section
      aria-labelledby="wallet-balance-heading"
      className={`flex flex-col gap-3 rounded-2xl bg-brand-800 p-4 text-white shadow ${className}`}
    >
      <h2 id="wallet-balance-heading" className="text-sm font-semibold text-brand-100">
        Wallet balance
      </h2>
      <p className="flex h-9 items-center text-3xl font-extrabold tabular-nums">
        {wallet.data ? (
          formatNaira(wallet.data.balanceKobo)
        ) : wallet.isError ? (
          <span className="text-base font-semibold">{messages.wallet.retrieveFailed}</span>
        ) : (
          <>
            <span className="sr-only">{messages.common.loading}</span>
            <Skeleton className="h-8 w-40 bg-white/30" />
          </>
        )}
      </p>
      <div>
        <LinkButton to={paths.fundWallet} variant="secondary" className="border-white">
          Add Fund
        </LinkButton>
      </div>
    </section>
  );
}

/** A message handed over by the page before (for example `Login successful!`), shown for a while. */
function useFlash(): string | null {
  const location = useLocation();
  const state: unknown = location.state;
  const flash =
    typeof state === 'object' && state !== null && 'flash' in state && typeof state.flash === 'string'
      ? state.flash
      : null;
  const [isVisible, setIsVisible] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setIsVisible(false);
    }, MESSAGE_DISPLAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, []);
  return isVisible ? flash : null;
}

export function DashboardPage() {
  const { data: user } = useSession();
  const flash = useFlash();
  return (
    <div className="flex flex-col gap-5">
      <title>{`Dashboard · ${PRODUCT_NAME}`}</title>
      <StatusMessage message={flash} tone="success" />
      <h1 className="text-xl font-bold text-gray-900">Welcome, {user?.name || messages.common.guest}</h1>
      <div className="flex flex-col gap-5 lg:grid lg:grid-cols-2 lg:items-start lg:gap-6">
        {/* phones: wallet, first steps, services, then history; wide screens: two columns */}
        <div className="contents lg:flex lg:flex-col lg:gap-5">
          <WalletCard className="order-1" />
          <ConfirmEmailNotice className="order-2" />
          <GetStarted className="order-2" />
          <div className="order-4">
            <RecentPurchases />
          </div>
        </div>
        <div className="order-3 flex flex-col gap-5">
          <ServiceTiles title="Airtime and data" tiles={networks} />
          <ServiceTiles title="TV and streaming" tiles={tvTiles} />
          <ServiceTiles title="Bills and exams" tiles={billTiles} columnCount={2} />
        </div>
      </div>
    </div>
  );
}
