import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { Button } from '@/components/ui/button.tsx';
import { PlanCards } from './plan-cards.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import type { useVariations } from '@/lib/api/get-variations.ts';

type PlansAreaProps = {
  /** false until the plans can be asked for (a network chosen) */
  isActive: boolean;
  /** the cards' group name, read out: `Data plans`, `Bouquets` */
  label: string;
  plans: ReturnType<typeof useVariations>;
  planCode: string;
  onSelect: (code: string) => void;
};

/** A service's plans as tappable cards, with skeletons while loading and the spec's texts when none load. */
export function PlansArea({ isActive, label, plans, planCode, onSelect }: PlansAreaProps) {
  if (!isActive) return null;
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
  if (plans.data.variations.length === 0) {
    return (
      <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
        {messages.purchase.badNetwork}
      </p>
    );
  }
  return (
    <PlanCards label={label} plans={plans.data.variations} selectedCode={planCode} onSelect={onSelect} />
  );
}

type PlanPickerProps = PlansAreaProps & {
  /** the dropdown's label: `Plan`, `Bouquet` */
  selectLabel: string;
  placeholder: string;
};

/** A plan chosen by dropdown or by card: one choice, shown both ways. */
export function PlanPicker({ selectLabel, placeholder, ...area }: PlanPickerProps) {
  const planList = area.plans.data?.variations ?? [];
  return (
    <>
      <Select
        label={selectLabel}
        value={area.planCode}
        disabled={!area.isActive || planList.length === 0}
        onChange={(event) => {
          area.onSelect(event.target.value);
        }}
      >
        <option value="">{placeholder}</option>
        {planList.map((candidate) => (
          <option key={candidate.code} value={candidate.code}>
            {`${candidate.name} - ${formatNaira(candidate.priceKobo)}`}
          </option>
        ))}
      </Select>
      <PlansArea {...area} />
    </>
  );
}
