import type { Variation } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { Button } from '@/components/ui/button.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import type { useVariations } from '@/lib/api/get-variations.ts';
import { withoutPriceSuffix } from '@quickvend/shared/purchase-words';
import { PlanCards } from './plan-cards.tsx';

/**
 * A plan as the dropdown lists it: its name without the provider's own price (`DStv Compact N19,000`), then
 * what the wallet pays for it.
 */
export function planOptionLabel(plan: Pick<Variation, 'name' | 'priceKobo'>): string {
  return `${withoutPriceSuffix(plan.name)} · ${formatNaira(plan.priceKobo)}`;
}

type Plans = ReturnType<typeof useVariations>;

/** Why no plans show: they could not be loaded (with a retry), or the provider listed none. */
function NoPlans({ plans }: { plans: Plans }) {
  if (plans.isError) {
    return (
      <div className="flex flex-col gap-2">
        <StatusMessage message={messages.purchase.plansLoadFailed} />
        <Button variant="secondary" onClick={() => void plans.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (plans.data?.variations.length === 0) {
    return (
      <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
        {messages.purchase.badNetwork}
      </p>
    );
  }
  return null;
}

type PlansAreaProps = {
  /** the cards' group name, read out: `WAEC plans` */
  label: string;
  plans: Plans;
  planCode: string;
  onSelect: (code: string) => void;
};

/** A short list of plans as tappable cards, with skeletons while loading (exam PINs: a handful of plans). */
export function PlansArea({ label, plans, planCode, onSelect }: PlansAreaProps) {
  if (plans.isPending) {
    return (
      <div aria-busy="true" className="grid grid-cols-2 gap-2">
        <span className="sr-only">Loading plans...</span>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-14 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (plans.isError || plans.data.variations.length === 0) return <NoPlans plans={plans} />;
  return (
    <PlanCards label={label} plans={plans.data.variations} selectedCode={planCode} onSelect={onSelect} />
  );
}

type PlanPickerProps = {
  /** false until the plans can be asked for (a network chosen) */
  isActive: boolean;
  /** the dropdown's label: `Data plan`, `Bouquet`, `Plan` */
  selectLabel: string;
  placeholder: string;
  plans: Plans;
  planCode: string;
  onSelect: (code: string) => void;
};

/**
 * A plan chosen from one dropdown, each option with its price; while the plans load it says so, and when none
 * load it says why with the spec's texts.
 */
export function PlanPicker({
  isActive,
  selectLabel,
  placeholder,
  plans,
  planCode,
  onSelect,
}: PlanPickerProps) {
  const planList = plans.data?.variations ?? [];
  const isLoading = isActive && plans.isPending;
  return (
    <>
      <Select
        label={selectLabel}
        value={planCode}
        disabled={!isActive || planList.length === 0}
        aria-busy={isLoading}
        onChange={(event) => {
          onSelect(event.target.value);
        }}
      >
        <option value="">{isLoading ? 'Loading plans...' : placeholder}</option>
        {planList.map((candidate) => (
          <option key={candidate.code} value={candidate.code}>
            {planOptionLabel(candidate)}
          </option>
        ))}
      </Select>
      {isActive ? <NoPlans plans={plans} /> : null}
    </>
  );
}
