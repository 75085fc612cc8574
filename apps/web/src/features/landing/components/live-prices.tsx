import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Variation } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';
import { AppLink } from '@/components/ui/app-link.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/lib/paths.ts';
import { livePriceTexts } from './landing-texts.ts';
import { featuredData, featuredTv, pickPlans, type FeaturedGroup } from './price-list.ts';
import { usePlans, type PlansResult } from './use-plans.ts';

export { livePriceTexts };

const tvServices = featuredTv.map((group) => group.serviceId);
const dataServices = featuredData.map((group) => group.serviceId);

/** True once the element comes near the screen (at once where the browser cannot tell). */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref, isNear]);
  return isNear;
}

function PriceRows({ rows }: { rows: { label: string; plan: Variation }[] }) {
  return rows.map(({ label, plan }) => (
    <div key={label} className="flex items-baseline justify-between gap-2 py-2">
      <dt className="text-gray-700">{label}</dt>
      <dd className="shrink-0 text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums">
        {plan.priceKobo < plan.amountKobo ? (
          <span className="block text-xs font-normal text-gray-600 line-through">
            {formatNaira(plan.amountKobo)}
          </span>
        ) : null}
        {formatNaira(plan.priceKobo)}
      </dd>
    </div>
  ));
}

/** The rows' labels with a placeholder for each price, so nothing moves when the prices arrive. */
function LoadingRows({ labels }: { labels: readonly string[] }) {
  return labels.map((label) => (
    <div key={label} className="flex items-baseline justify-between gap-2 py-2">
      <dt className="text-gray-700">{label}</dt>
      <dd>
        <Skeleton className="h-5 w-24" />
      </dd>
    </div>
  ));
}

/** `plans` names the card for src/features/landing/live-landing.ts, which fills it on the page rendered at build. */
function PriceCard({ title, plans, children }: { title: string; plans: string; children: React.ReactNode }) {
  return (
    <div className="rounded-2xl border border-gray-200 bg-white p-5" data-plans={plans}>
      <h3 className="text-lg font-bold text-gray-900">{title}</h3>
      {children}
    </div>
  );
}

function Unavailable() {
  return (
    <p className="mt-3 text-sm text-gray-700">
      {livePriceTexts.unavailable}{' '}
      <AppLink to={paths.dataPricing} className="font-semibold text-brand-800 underline">
        {livePriceTexts.seeAll}
      </AppLink>
    </p>
  );
}

function TvCard({ group, query }: { group: FeaturedGroup; query: PlansResult }) {
  const rows = query.data ? pickPlans(group.plans, query.data.variations) : [];
  return (
    <PriceCard title={group.title} plans={group.serviceId}>
      {query.isError || (query.data && rows.length === 0) ? (
        <Unavailable />
      ) : (
        <dl className="mt-3 divide-y divide-gray-100" aria-busy={query.isPending}>
          {query.data ? (
            <PriceRows rows={rows} />
          ) : (
            <LoadingRows labels={group.plans.map((plan) => plan.label)} />
          )}
        </dl>
      )}
    </PriceCard>
  );
}

function DataCard({ queries }: { queries: PlansResult[] }) {
  const isPending = queries.some((query) => query.isPending);
  const rows = featuredData.flatMap((group, index) => {
    const data = queries[index]?.data;
    return data ? pickPlans(group.plans, data.variations) : [];
  });
  return (
    <PriceCard title="Data" plans="data">
      {!isPending && rows.length === 0 ? (
        <Unavailable />
      ) : (
        <>
          <dl className="mt-3 divide-y divide-gray-100" aria-busy={isPending}>
            {isPending ? (
              <LoadingRows labels={featuredData.flatMap((group) => group.plans.map((plan) => plan.label))} />
            ) : (
              <PriceRows rows={rows} />
            )}
          </dl>
          <AppLink
            to={paths.dataPricing}
            className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline"
          >
            {livePriceTexts.seeAll}
          </AppLink>
        </>
      )}
    </PriceCard>
  );
}

/**
 * The landing page's price list, read from the services API the app sells from, once the section comes near
 * the screen: the landing itself stays light and fast. Until the prices arrive the rows are placeholders of
 * the same size; a price that cannot be read is never guessed.
 */
export function LivePrices() {
  const ref = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(ref);
  const tv = usePlans(tvServices, isNear);
  const data = usePlans(dataServices, isNear);
  return (
    <div ref={ref} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {featuredTv.map((group, index) => {
        const query = tv[index];
        return query ? <TvCard key={group.serviceId} group={group} query={query} /> : null;
      })}
      <DataCard queries={data} />
    </div>
  );
}
