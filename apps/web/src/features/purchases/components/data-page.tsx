import { useState, type SyntheticEvent } from 'react';
import type { Variation } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { detectNetwork, NETWORKS, type Network } from '@quickvend/shared/phone';
import { NETWORK_SERVICES } from '@quickvend/shared/services';
import { providerLabel } from '@/components/ui/logos.tsx';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useVariations } from '@/lib/api/get-variations.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { phoneDigits, phoneForServer } from '@/lib/phone.ts';
import { PlanAmount } from './bill-parts.tsx';
import { PlanPicker } from './plans-area.tsx';
import { FormSubmit, PurchasePageFrame, PurchaseSteps } from './purchase-page-frame.tsx';
import { formError, usePurchaseFlow, type FormCheck } from './use-purchase-flow.ts';

/** The networks as their badges name them (`Glo`). */
export const dataNetworks: { id: Network; label: string }[] = NETWORKS.map(({ id }) => ({
  id,
  label: providerLabel(id),
}));

const MIN_PHONE_DIGITS = 10;

function checkData(input: {
  network: Network | '';
  phone: string;
  planCode: string;
  plans: readonly Variation[];
  balanceKobo: number | undefined;
}): FormCheck {
  const { network, phone, planCode } = input;
  if (network === '' || phone.trim() === '' || planCode === '') {
    return formError(messages.purchase.allFieldsRequired);
  }
  if (phoneDigits(phone).length < MIN_PHONE_DIGITS) {
    return formError(messages.purchase.invalidPhone);
  }
  const plan = input.plans.find((candidate) => candidate.code === planCode);
  if (!plan) return formError(messages.purchase.invalidDataPlan);
  if (!(plan.amountKobo > 0)) return formError(messages.purchase.invalidAmount);
  if (input.balanceKobo !== undefined && input.balanceKobo < plan.amountKobo) {
    return formError(messages.purchase.insufficientBalance, { canFundWallet: true });
  }
  const label = dataNetworks.find((candidate) => candidate.id === network)?.label ?? network;
  return {
    draft: {
      body: {
        serviceId: NETWORK_SERVICES[network].data,
        phone: phoneForServer(phone),
        variationCode: plan.code,
      },
      chargeKobo: plan.amountKobo,
      summary: `${label} ${plan.name} for ${phone.trim()}`,
    },
  };
}

/** `/data`: a data plan for any line, chosen from the network's plan list. */
export function DataPage() {
  const flow = usePurchaseFlow('data');
  const wallet = useWallet();
  const [network, setNetwork] = useState<Network | ''>('');
  const [phone, setPhone] = useState('');
  const [planCode, setPlanCode] = useState('');
  const plans = useVariations(network === '' ? null : NETWORK_SERVICES[network].data);
  const planList = plans.data?.variations ?? [];
  const plan = planList.find((candidate) => candidate.code === planCode);

  const chooseNetwork = (next: Network | '') => {
    if (next === network) return;
    // another network has other plans: the earlier choice no longer applies
    setNetwork(next);
    setPlanCode('');
    flow.setFormStatus(null);
  };

  const changePhone = (next: string) => {
    setPhone(next);
    flow.setFormStatus(null);
    if (network === '' && phoneDigits(next).length >= 11) {
      const detected = detectNetwork(next);
      if (detected) chooseNetwork(detected);
    }
  };

  const choosePlan = (code: string) => {
    setPlanCode(code);
    flow.setFormStatus(null);
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const check = checkData({
      network,
      phone,
      planCode,
      plans: planList,
      balanceKobo: wallet.data?.balanceKobo,
    });
    flow.proceed(check);
  };

  return (
    <PurchasePageFrame title="Buy Data">
      {wallet.isPending ? <p className="sr-only">{messages.purchase.loadingUser}</p> : null}
      <PurchaseSteps
        flow={flow}
        startOverLabel="Buy more data"
        onStartOver={() => {
          setPlanCode('');
        }}
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-2.5" aria-label="Buy data">
          <Select
            label="Network"
            value={network}
            onChange={(event) => {
              chooseNetwork(event.target.value as Network | '');
            }}
          >
            <option value="">Choose network</option>
            {dataNetworks.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </Select>
          <PhoneInput value={phone} onChange={changePhone} network={detectNetwork(phone)} />
          <PlanPicker
            selectLabel="Data plan"
            placeholder={network === '' ? 'Choose a network first' : 'Choose a plan'}
            isActive={network !== ''}
            label="Data plans"
            plans={plans}
            planCode={planCode}
            onSelect={choosePlan}
          />
          <PlanAmount faceKobo={plan?.amountKobo ?? null} />
          <FormSubmit flow={flow} label="Buy Data" isDisabled={planCode === ''} />
        </form>
      </PurchaseSteps>
    </PurchasePageFrame>
  );
}
