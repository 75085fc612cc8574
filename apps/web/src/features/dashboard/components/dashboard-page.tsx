import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { PRODUCT_NAME, MESSAGE_DISPLAY_MS } from '@quickvend/shared/services';
import { Icon, type IconName } from '@/components/ui/icons.tsx';
import { LinkButton } from '@/components/ui/link-button.tsx';
import { ProviderLogo, providerLabel, type ProviderId } from '@/components/ui/logos.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { site } from '@/lib/site.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { RecentPurchases } from './recent-purchases.tsx';

const networks: { provider: ProviderId; to: string }[] = [
  { provider: 'mtn', to: paths.airtime },
  { provider: 'glo', to: paths.airtime },
  { provider: 'airtel', to: paths.airtime },
  { provider: '9mobile', to: paths.airtime },
];

const tvProviders: { provider: ProviderId; to: string }[] = [
  { provider: 'dstv', to: paths.dstv },
  { provider: 'gotv', to: paths.gotv },
  { provider: 'startimes', to: paths.startimes },
  { provider: 'showmax', to: paths.showmax },
];

const bills: { label: string; to: string; icon: IconName }[] = [
  { label: 'Electricity', to: paths.electricity, icon: 'bolt' },
  { label: 'WAEC & JAMB PINs', to: paths.examPins, icon: 'school' },
];

const shortcuts: { label: string; to: string; icon: IconName }[] = [
  { label: 'Topup', to: paths.fundWallet, icon: 'wallet' },
  { label: 'Refer', to: paths.refer, icon: 'gift' },
  { label: 'Logs', to: paths.transactions, icon: 'list' },
];

const tileClasses =
  'flex min-h-24 flex-col items-center justify-center gap-2 rounded-xl border border-gray-200 bg-white p-3 text-sm font-semibold text-gray-900 shadow-sm hover:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-500';

function ProviderTiles({ title, tiles }: { title: string; tiles: { provider: ProviderId; to: string }[] }) {
  const headingId = `${title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-base font-bold text-gray-900">
        {title}
      </h2>
      <ul className="grid grid-cols-4 gap-2">
        {tiles.map((tile) => (
          <li key={tile.provider}>
            <Link to={tile.to} className={tileClasses}>
              <ProviderLogo provider={tile.provider} className="h-10 w-10" />
              <span className="text-xs">{providerLabel(tile.provider)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function WalletCard() {
  const wallet = useWallet();
  return (
    <section
      aria-labelledby="wallet-balance-heading"
      className="flex flex-col gap-3 rounded-2xl bg-brand-800 p-4 text-white shadow"
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
      <div className="overflow-hidden rounded-lg border border-amber-300 bg-amber-50 py-2" role="note">
        <p className="px-3 text-sm font-medium text-amber-950">
          <span className="inline-block animate-marquee pl-[100%] whitespace-nowrap motion-reduce:animate-none motion-reduce:pl-0 motion-reduce:whitespace-normal">
            {site.surveyNotice}
          </span>
        </p>
      </div>
      <WalletCard />
      <ProviderTiles title="Airtime and data" tiles={networks} />
      <RecentPurchases />
      <ProviderTiles title="TV and streaming" tiles={tvProviders} />
      <section aria-labelledby="bills-heading">
        <h2 id="bills-heading" className="mb-2 text-base font-bold text-gray-900">
          Bills and exams
        </h2>
        <ul className="grid grid-cols-2 gap-2">
          {bills.map((tile) => (
            <li key={tile.label}>
              <Link to={tile.to} className={tileClasses}>
                <Icon name={tile.icon} className="h-6 w-6 text-brand-700" />
                {tile.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="shortcuts-heading">
        <h2 id="shortcuts-heading" className="mb-2 text-base font-bold text-gray-900">
          Shortcuts
        </h2>
        <ul className="grid grid-cols-3 gap-2">
          {shortcuts.map((shortcut) => (
            <li key={shortcut.label}>
              <Link to={shortcut.to} className={tileClasses}>
                <Icon name={shortcut.icon} className="h-6 w-6 text-brand-700" />
                {shortcut.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
