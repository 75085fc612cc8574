import { RecentPurchases } from '@/features/dashboard/components/recent-purchases.tsx';
import { AirtimeForm } from '@/features/purchases/components/airtime-page.tsx';
import { TvPage } from '@/features/purchases/components/tv-page.tsx';

/** `/dstv`: the DSTV form, and, as the earlier app had, airtime and the latest purchases under it. */
export function DstvRoutePage() {
  return (
    <TvPage serviceId="dstv">
      <section aria-labelledby="dstv-airtime-heading" className="flex flex-col gap-2 pt-2">
        <h2 id="dstv-airtime-heading" className="text-base font-bold text-gray-900">
          Buy airtime
        </h2>
        <AirtimeForm isEmbedded />
      </section>
      <RecentPurchases />
    </TvPage>
  );
}
