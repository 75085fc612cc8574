import type { VerifyResponse } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { withoutPriceSuffix } from '@quickvend/shared/purchase-words';

export type SubscriptionType = 'change' | 'renew';

export const tvTexts = {
  cardRequired: 'Error: Enter the smart card number, then tap Verify.',
  verify: 'Verify',
  verified: 'Verified',
  verifiedTitle: 'Smart card verified',
  renew: 'Renew',
  change: 'Change bouquet',
  renewHint: (bouquet: string) => `Keep ${bouquet}`,
  changeHint: 'Choose a new bouquet below',
  submit: 'Subscribe',
} as const;

/** Renew the card's bouquet at its renewal price, or change to another: the renewal is offered only when the provider quotes one. */
export function SubscriptionChoice({
  value,
  onChange,
  verified,
}: {
  value: SubscriptionType;
  onChange: (next: SubscriptionType) => void;
  verified: VerifyResponse;
}) {
  const renewalKobo = verified.renewalAmountKobo;
  const canRenewCard = renewalKobo !== null && renewalKobo > 0;
  const options: { id: SubscriptionType; title: string; hint: string; isDisabled: boolean }[] = [
    {
      id: 'renew',
      title: canRenewCard ? `${tvTexts.renew} ${formatNaira(renewalKobo)}` : tvTexts.renew,
      hint: verified.currentBouquet
        ? tvTexts.renewHint(withoutPriceSuffix(verified.currentBouquet))
        : 'Keep the current bouquet',
      isDisabled: !canRenewCard,
    },
    { id: 'change', title: tvTexts.change, hint: tvTexts.changeHint, isDisabled: false },
  ];
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold text-gray-900">Renew or change</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => {
          const isSelected = value === option.id;
          return (
            <label
              key={option.id}
              className={`flex min-h-14 flex-col justify-center rounded-xl border-2 px-2.5 py-1.5 has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
                option.isDisabled
                  ? 'cursor-not-allowed border-gray-200 bg-gray-100 opacity-70'
                  : isSelected
                    ? 'cursor-pointer border-brand-700 bg-brand-50'
                    : 'cursor-pointer border-gray-200 bg-white hover:border-brand-600'
              }`}
            >
              <input
                type="radio"
                name="subscription-type"
                value={option.id}
                checked={isSelected}
                disabled={option.isDisabled}
                onChange={() => {
                  onChange(option.id);
                }}
                className="sr-only"
              />
              <span className="text-sm leading-tight font-bold text-gray-900">{option.title}</span>
              <span className="text-xs leading-tight text-gray-700">{option.hint}</span>
            </label>
          );
        })}
      </div>
      {!canRenewCard ? <p className="text-sm text-gray-700">{messages.bills.renewUnavailable}</p> : null}
    </fieldset>
  );
}
