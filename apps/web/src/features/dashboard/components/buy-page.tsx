import { Link } from '@/lib/router/index.ts';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { paths } from '@/lib/paths.ts';
import { billTiles, ServiceTiles, tvTiles, type ServiceTile } from './service-tiles.tsx';

const airtimeAndData: ServiceTile[] = [
  { kind: 'icon', label: 'Airtime', icon: 'mobile', to: paths.airtime },
  { kind: 'icon', label: 'Data', icon: 'data', to: paths.data },
];

/** `/buy`: every service the app sells, one tap from the bottom tabs. */
export function BuyPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <title>{`Buy · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">Buy</h1>
      <ServiceTiles title="Airtime and data" tiles={airtimeAndData} columnCount={2} />
      <ServiceTiles title="TV and streaming" tiles={tvTiles} />
      <ServiceTiles title="Bills and exams" tiles={billTiles} columnCount={2} />
      <p className="text-sm text-gray-700">
        Comparing data bundles?{' '}
        <Link
          to={paths.dataPricing}
          className="font-semibold text-brand-700 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-500"
        >
          See all data prices
        </Link>
      </p>
    </div>
  );
}
