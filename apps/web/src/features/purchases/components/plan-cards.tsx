import type { Variation } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';

type PlanCardsProps = {
  label: string;
  plans: readonly Variation[];
  selectedCode: string;
  onSelect: (code: string) => void;
};

/** Plans as tappable cards (a radio group): the name and what it costs in full, the chosen one highlighted. */
export function PlanCards({ label, plans, selectedCode, onSelect }: PlanCardsProps) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{label}</legend>
      <div className="grid grid-cols-2 gap-2 p-0.5 sm:grid-cols-3">
        {plans.map((plan) => {
          const isSelected = plan.code === selectedCode;
          return (
            <label
              key={plan.code}
              className={`flex min-h-14 cursor-pointer flex-col justify-center rounded-xl border-2 px-2.5 py-1.5 has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
                isSelected
                  ? 'border-brand-700 bg-brand-50'
                  : 'border-gray-200 bg-white hover:border-brand-600'
              }`}
            >
              <input
                type="radio"
                name={label}
                value={plan.code}
                checked={isSelected}
                onChange={() => {
                  onSelect(plan.code);
                }}
                className="sr-only"
              />
              <span className="text-sm leading-tight font-semibold text-gray-900">{plan.name}</span>
              <span className="flex flex-wrap items-baseline gap-x-1 text-sm font-bold text-brand-800 tabular-nums">
                {plan.priceKobo < plan.amountKobo ? (
                  <span className="text-xs font-medium text-gray-600 line-through">
                    {formatNaira(plan.amountKobo)}
                  </span>
                ) : null}
                {formatNaira(plan.priceKobo)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
