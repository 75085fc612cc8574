import { Link } from '@/lib/router/index.ts';
import { NavIcon, type NavIconName } from '@/components/layouts/nav-icon.tsx';
import { ProviderLogo, providerLabel, type ProviderId } from '@/components/ui/logos.tsx';
import { paths } from '@/lib/paths.ts';

export type ServiceTile =
  | { kind: 'provider'; provider: ProviderId; to: string }
  | { kind: 'icon'; label: string; icon: NavIconName; to: string };

const tileClasses =
  'flex h-full min-h-24 flex-col items-center justify-center gap-2 rounded-xl border border-gray-200 bg-white p-3 text-center text-sm font-semibold text-gray-900 shadow-sm hover:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-500';

const columns = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' } as const;

/** The TV and streaming providers, as the dashboard and the Buy page list them. */
export const tvTiles: ServiceTile[] = [
  { kind: 'provider', provider: 'dstv', to: paths.dstv },
  { kind: 'provider', provider: 'gotv', to: paths.gotv },
  { kind: 'provider', provider: 'startimes', to: paths.startimes },
  { kind: 'provider', provider: 'showmax', to: paths.showmax },
];

export const billTiles: ServiceTile[] = [
  { kind: 'icon', label: 'Electricity', icon: 'bolt', to: paths.electricity },
  { kind: 'icon', label: 'WAEC & JAMB PINs', icon: 'school', to: paths.examPins },
];

/** A titled grid of service tiles, each opening its purchase page. */
export function ServiceTiles({
  title,
  tiles,
  columnCount = 4,
}: {
  title: string;
  tiles: ServiceTile[];
  columnCount?: keyof typeof columns;
}) {
  const headingId = `${title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-base font-bold text-gray-900">
        {title}
      </h2>
      <ul className={`grid gap-2 ${columns[columnCount]}`}>
        {tiles.map((tile) => (
          <li key={tile.kind === 'provider' ? tile.provider : tile.label}>
            <Link to={tile.to} className={tileClasses}>
              {tile.kind === 'provider' ? (
                <>
                  <ProviderLogo provider={tile.provider} className="h-10 w-10" />
                  <span className="text-xs">{providerLabel(tile.provider)}</span>
                </>
              ) : (
                <>
                  <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <NavIcon name={tile.icon} className="h-6 w-6" />
                  </span>
                  {tile.label}
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
