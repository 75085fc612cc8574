import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useSearchParams } from '@/lib/router/index.ts';
import { z } from 'zod';
import { formatNaira, toNairaString } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { detectNetwork, NETWORKS } from '@quickvend/shared/phone';
import { AIRTIME_QUICK_AMOUNTS_NAIRA, NETWORK_SERVICES } from '@quickvend/shared/services';
import { Input } from '@/components/ui/input.tsx';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useService } from '@/lib/service.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { amountParam, buyAgainParams, digitsParam } from '@/lib/buy-again.ts';
import { formatPhoneInput, phoneDigits, phoneForServer } from '@/lib/phone.ts';
import { networkOfBeneficiary } from '@quickvend/shared/beneficiaries';
import { nairaOrNull, networkChoice, refuse, usePurchaseForm } from './purchase-form.ts';
import { FormSubmit, PurchasePageFrame, PurchaseSteps } from './purchase-page-frame.tsx';
import { SavedNumberPicker, SaveNumberOption, useSaveNumber } from './saved-numbers.tsx';
import { usePurchaseFlow } from './use-purchase-flow.ts';
import { priceOfAmount } from './web-price.ts';

/** The provider's smallest airtime top-up, until the service list says otherwise. */
const AIRTIME_MINIMUM_KOBO = 5_000;
const MIN_PHONE_DIGITS = 10;

export const airtimeTexts = {
  portableHint: 'Picked from the number. Moved your line to another network? Choose it here.',
  submit: 'Buy airtime',
} as const;

const airtimeFields = z.object({ phone: z.string(), operator: networkChoice, amount: z.string() });
type AirtimeValues = z.input<typeof airtimeFields>;

function airtimeSchema(limits: {
  minimumKobo: number;
  maximumKobo: number | null;
  discountBps: number;
  balanceKobo: number | undefined;
}) {
  return airtimeFields.transform(({ phone, operator, amount }, ctx) => {
    if (phone.trim() === '' || operator === '' || amount.trim() === '') {
      return refuse(ctx, messages.purchase.allFieldsRequired);
    }
    if (phoneDigits(phone).length < MIN_PHONE_DIGITS) return refuse(ctx, messages.purchase.invalidPhone);
    const amountKobo = nairaOrNull(amount);
    if (amountKobo === null || amountKobo <= 0) return refuse(ctx, messages.purchase.invalidAmount);
    if (amountKobo < limits.minimumKobo) {
      return refuse(ctx, `Error: ${messages.purchase.minimumAmount(formatNaira(limits.minimumKobo))}`);
    }
    if (limits.maximumKobo !== null && amountKobo > limits.maximumKobo) {
      return refuse(ctx, `Error: ${messages.purchase.maximumAmount(formatNaira(limits.maximumKobo))}`);
    }
    const payKobo = priceOfAmount(amountKobo, limits.discountBps);
    if (limits.balanceKobo !== undefined && limits.balanceKobo < payKobo) {
      return refuse(ctx, messages.purchase.insufficientBalance);
    }
    const network = NETWORK_SERVICES[operator];
    return {
      body: { serviceId: network.airtime, phone: phoneForServer(phone), amount: toNairaString(amountKobo) },
      chargeKobo: payKobo,
      faceKobo: amountKobo,
      summary: `${network.label} airtime for ${phone.trim()}`,
    };
  });
}

/** The airtime form, its PIN step and its receipt. */
function AirtimeForm() {
  const flow = usePurchaseFlow('airtime');
  const wallet = useWallet();
  // a network tile opens the page with its network chosen (`?network=mtn`); Buy again fills in the rest
  const [searchParams] = useSearchParams();
  const chosen = networkChoice.safeParse(searchParams.get(buyAgainParams.network)?.toLowerCase() ?? '');
  const { form, submitWith } = usePurchaseForm<AirtimeValues>(flow, {
    phone: digitsParam(searchParams, buyAgainParams.phone),
    operator: chosen.success ? chosen.data : '',
    amount: amountParam(searchParams),
  });
  const { field: phoneField } = useController({ control: form.control, name: 'phone' });
  const [operator, amount] = useWatch({ control: form.control, name: ['operator', 'amount'] });
  const [isDetected, setIsDetected] = useState(false);
  const saving = useSaveNumber(flow.purchase);
  const service = useService(operator === '' ? undefined : NETWORK_SERVICES[operator].airtime);
  const minimumKobo = service?.minimumKobo ?? AIRTIME_MINIMUM_KOBO;
  const maximumKobo = service?.maximumKobo ?? null;
  const schema = airtimeSchema({
    minimumKobo,
    maximumKobo,
    discountBps: service?.discountBps ?? 0,
    balanceKobo: wallet.data?.balanceKobo,
  });
  const typedKobo = nairaOrNull(amount);
  const payKobo = typedKobo === null ? null : priceOfAmount(typedKobo, service?.discountBps ?? 0);

  const changePhone = (next: string) => {
    phoneField.onChange(next);
    flow.edited();
    // the prefix names the network the number was issued on: a hint the user may override
    const detected = phoneDigits(next).length >= 11 ? detectNetwork(next) : null;
    if (detected) {
      form.setValue('operator', detected);
      setIsDetected(true);
    }
  };

  return (
    <PurchaseSteps
      flow={flow}
      startOverLabel="Buy more airtime"
      onStartOver={() => {
        form.setValue('amount', '');
        saving.reset();
      }}
      resultNotice={saving.notice}
    >
      <form
        noValidate
        onSubmit={submitWith(schema)}
        className="flex flex-col gap-2.5"
        aria-label="Buy airtime"
      >
        <SavedNumberPicker
          kind="phone"
          current={phoneField.value}
          onPick={(saved) => {
            phoneField.onChange(formatPhoneInput(saved.number));
            const network = networkOfBeneficiary(saved);
            if (network) form.setValue('operator', network);
            setIsDetected(false);
            flow.edited();
          }}
        />
        <PhoneInput
          value={phoneField.value}
          onChange={changePhone}
          network={operator === '' ? detectNetwork(phoneField.value) : operator}
        />
        <Select
          label="Operator"
          hint={isDetected ? airtimeTexts.portableHint : undefined}
          {...form.register('operator', {
            onChange: () => {
              setIsDetected(false);
              flow.edited();
            },
          })}
        >
          <option value="">Choose operator</option>
          {NETWORKS.map((network) => (
            <option key={network.id} value={network.id}>
              {network.label}
            </option>
          ))}
        </Select>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-gray-900">Quick amounts</legend>
          <div className="grid grid-cols-4 gap-2">
            {AIRTIME_QUICK_AMOUNTS_NAIRA.map((naira) => (
              <button
                key={naira}
                type="button"
                aria-pressed={amount === String(naira)}
                onClick={() => {
                  form.setValue('amount', String(naira));
                  flow.edited();
                }}
                className={`min-h-11 rounded-lg border-2 text-sm font-bold tabular-nums focus-visible:outline-3 focus-visible:outline-brand-500 ${
                  amount === String(naira)
                    ? 'border-brand-700 bg-brand-50 text-brand-900'
                    : 'border-gray-200 bg-white text-gray-900 hover:border-brand-600'
                }`}
              >
                ₦{naira.toLocaleString('en-NG')}
              </button>
            ))}
          </div>
        </fieldset>
        <Input
          label="Amount (NGN)"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 500"
          hint={`From ${formatNaira(minimumKobo)}${maximumKobo !== null ? ` to ${formatNaira(maximumKobo)}` : ''}.`}
          {...form.register('amount', { onChange: flow.edited })}
        />
        <SaveNumberOption saving={saving} kind="phone" number={phoneField.value} />
        <FormSubmit flow={flow} label={airtimeTexts.submit} payKobo={payKobo} />
      </form>
    </PurchaseSteps>
  );
}

/** `/airtime`: top up any line from the wallet. */
export function AirtimePage() {
  return (
    <PurchasePageFrame title="Airtime">
      <AirtimeForm />
    </PurchasePageFrame>
  );
}
