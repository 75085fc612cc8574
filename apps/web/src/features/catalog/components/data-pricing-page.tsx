import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import type { Network } from '@quickvend/shared/phone';
import { NETWORK_SERVICES, PRODUCT_NAME } from '@quickvend/shared/services';
import { Button } from '@/components/ui/button.tsx';
import { LinkButton } from '@/components/ui/link-button.tsx';
import { ProviderLogo } from '@/components/ui/logos.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useVariations } from '@/lib/api/get-variations.ts';
import { paths } from '@/lib/paths.ts';
import { DiscountTable } from './discount-table.tsx';

const networks: { id: Network; label: string }[] = [
  { id: 'mtn', label: 'MTN' },
  { id: 'glo', label: 'Glo' },
  { id: 'airtel', label: 'Airtel' },
  { id: '9mobile', label: '9mobile' },
];

export const VALIDITY_TEXT = 'Valid for 30 days';

function NetworkPrices({ network, label }: { network: Network; label: string }) {
  const plans = useVariations(NETWORK_SERVICES[network].data);
  const headingId = `pricing-${network}`;
  let content;
  if (plans.isPending) {
    content = (
      <div aria-busy="true" className="flex flex-col gap-2 py-2">
        <span className="sr-only">{messages.common.loading}</span>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-5 w-full" />
        ))}
      </div>
    );
  } else if (plans.isError) {
    content = (
      <div className="flex flex-col gap-2 py-2">
        <StatusMessage message={messages.purchase.plansLoadFailed} />
        <Button variant="secondary" onClick={() => void plans.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (plans.data.variations.length === 0) {
    content = <p className="py-2 text-sm text-gray-700">{messages.purchase.badNetwork}</p>;
  } else {
    content = (
      <dl className="divide-y divide-gray-100">
        {plans.data.variations.map((plan) => (
          <div key={plan.code} className="flex items-baseline justify-between gap-3 py-2">
            <dt className="min-w-0 text-sm text-gray-800">{plan.name}</dt>
            <dd className="shrink-0 text-right text-sm font-bold text-gray-900 tabular-nums">
              {plan.priceKobo < plan.amountKobo ? (
                <span className="mr-1.5 text-xs font-normal text-gray-600 line-through">
                  {formatNaira(plan.amountKobo)}
                </span>
              ) : null}
              {formatNaira(plan.priceKobo)}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-gray-200 bg-white p-4"
    >
      <div className="flex items-center gap-3 border-b border-gray-200 pb-2">
        <ProviderLogo provider={network} className="h-10 w-10" />
        <div>
          <h2 id={headingId} className="text-lg font-bold text-gray-900">
            {label}
          </h2>
          <p className="text-xs text-gray-600">{VALIDITY_TEXT}</p>
        </div>
      </div>
      {content}
    </section>
  );
}

/** `/data-pricing`: every network's data plans and prices, readable without signing in. */
export function DataPricingPage() {
  return (
    <div className="flex flex-col gap-4">
      <title>{`Data Pricing · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Data Pricing</h1>
          <p className="text-sm text-gray-700">Today&apos;s prices for every network. {VALIDITY_TEXT}.</p>
        </div>
        <LinkButton to={paths.data}>Buy Data</LinkButton>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {networks.map((network) => (
          <NetworkPrices key={network.id} network={network.id} label={network.label} />
        ))}
      </div>
      <div className="max-w-md">
        <DiscountTable />
      </div>
    </div>
  );
}
