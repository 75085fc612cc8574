import { useState, type SyntheticEvent } from 'react';
import { type Network, detectNetwork, NETWORKS } from '@quickvend/shared/phone';
import { AmountError, formatNaira, parseNaira, toNairaString } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { AIRTIME_QUICK_AMOUNTS_NAIRA, NETWORK_SERVICES } from '@quickvend/shared/services';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useService } from '@/lib/api/get-services.ts';
import { phoneDigits, phoneForServer } from '@/lib/phone.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { FundWalletOffer, PurchasePageFrame, PurchaseSteps } from './purchase-page-frame.tsx';
import { formError, usePurchaseFlow, type FormCheck } from './use-purchase-flow.ts';

/** The provider's smallest airtime top-up, until the service list says otherwise. */
const AIRTIME_MINIMUM_KOBO = 5_000;
const MIN_PHONE_DIGITS = 10;

export const airtimeTexts = {
  portableHint: 'Picked from the number. Moved your line to another network? Choose it here.',
  embeddedPhone: 'Phone number for airtime',
  embeddedAmount: 'Airtime amount (NGN)',
  embeddedSubmit: 'Buy airtime',
} as const;

function checkAirtime(input: {
  phone: string;
  operator: Network | '';
  amount: string;
  minimumKobo: number;
  maximumKobo: number | null;
  balanceKobo: number | undefined;
}): FormCheck {
  const { phone, operator, amount } = input;
  if (phone.trim() === '' || operator === '' || amount.trim() === '') {
    return formError(messages.purchase.allFieldsRequired);
  }
  if (phoneDigits(phone).length < MIN_PHONE_DIGITS) {
    return formError(messages.purchase.invalidPhone);
  }
  let amountKobo: number;
  try {
    amountKobo = parseNaira(amount);
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    return formError(messages.purchase.invalidAmount);
  }
  if (amountKobo <= 0) return formError(messages.purchase.invalidAmount);
  if (amountKobo < input.minimumKobo) {
    return formError(`Error: The minimum amount is ${formatNaira(input.minimumKobo)}.`);
  }
  if (input.maximumKobo !== null && amountKobo > input.maximumKobo) {
    return formError(`Error: The maximum amount is ${formatNaira(input.maximumKobo)}.`);
  }
  if (input.balanceKobo !== undefined && input.balanceKobo < amountKobo) {
    return formError(messages.purchase.insufficientBalance, { canFundWallet: true });
  }
  const network = NETWORK_SERVICES[operator];
  const sentPhone = phoneForServer(phone);
  return {
    draft: {
      body: { serviceId: network.airtime, phone: sentPhone, amount: toNairaString(amountKobo) },
      chargeKobo: amountKobo,
      summary: `${network.label} airtime for ${phone.trim()}`,
    },
  };
}

type AirtimeFormProps = {
  /** inside another purchase page (DSTV): its own key, and labels that cannot be mistaken for that form's */
  isEmbedded?: boolean;
};

/** The airtime form, its PIN step and its receipt. */
export function AirtimeForm({ isEmbedded = false }: AirtimeFormProps) {
  const flow = usePurchaseFlow(isEmbedded ? 'dstv-airtime' : 'airtime');
  const wallet = useWallet();
  const [phone, setPhone] = useState('');
  const [operator, setOperator] = useState<Network | ''>('');
  const [isDetected, setIsDetected] = useState(false);
  const [amount, setAmount] = useState('');
  const service = useService(operator === '' ? undefined : NETWORK_SERVICES[operator].airtime);
  const minimumKobo = service?.minimumKobo ?? AIRTIME_MINIMUM_KOBO;
  const maximumKobo = service?.maximumKobo ?? null;

  const changePhone = (next: string) => {
    setPhone(next);
    flow.setFormStatus(null);
    // the prefix names the network the number was issued on: a hint the user may override
    const detected = phoneDigits(next).length >= 11 ? detectNetwork(next) : null;
    if (detected) {
      setOperator(detected);
      setIsDetected(true);
    }
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const check = checkAirtime({
      phone,
      operator,
      amount,
      minimumKobo,
      maximumKobo,
      balanceKobo: wallet.data?.balanceKobo,
    });
    flow.proceed(check);
  };

  return (
    <PurchaseSteps
      flow={flow}
      startOverLabel="Buy more airtime"
      onStartOver={() => {
        setAmount('');
      }}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-2.5" aria-label="Buy airtime">
        <PhoneInput
          {...(isEmbedded ? { label: airtimeTexts.embeddedPhone } : {})}
          value={phone}
          onChange={changePhone}
          network={operator === '' ? detectNetwork(phone) : operator}
        />
        <Select
          label="Operator"
          value={operator}
          hint={isDetected ? airtimeTexts.portableHint : undefined}
          onChange={(event) => {
            setOperator(event.target.value as Network | '');
            setIsDetected(false);
            flow.setFormStatus(null);
          }}
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
                  setAmount(String(naira));
                  flow.setFormStatus(null);
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
          label={isEmbedded ? airtimeTexts.embeddedAmount : 'Amount (NGN)'}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 500"
          value={amount}
          hint={`From ${formatNaira(minimumKobo)}${maximumKobo !== null ? ` to ${formatNaira(maximumKobo)}` : ''}.`}
          onChange={(event) => {
            setAmount(event.target.value);
            flow.setFormStatus(null);
          }}
        />
        <StatusMessage message={flow.formStatus?.text} tone={flow.formStatus?.tone} />
        {flow.formStatus?.canFundWallet ? <FundWalletOffer /> : null}
        <Button type="submit" fullWidth isBusy={flow.isBusy} busyLabel={messages.purchase.processing}>
          {isEmbedded ? airtimeTexts.embeddedSubmit : 'Subscribe'}
        </Button>
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
