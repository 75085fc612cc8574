import { useState, type SyntheticEvent } from 'react';
import type { Variation } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { detectNetwork, type Network } from '@quickvend/shared/phone';
import { NETWORK_SERVICES } from '@quickvend/shared/services';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PhoneInput } from '../../../components/ui/phone-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useVariations } from '../../../lib/catalog.ts';
import { phoneDigits, phoneForServer } from '../../../lib/phone.ts';
import { useWallet } from '../../../lib/wallet.ts';
import { PinStep } from './pin-step.tsx';
import { PlansArea } from './plans-area.tsx';
import { FundWalletOffer, PurchasePageFrame } from './purchase-page-frame.tsx';
import { PurchaseResult } from './purchase-result.tsx';
import { usePurchaseFlow, type FormStatus, type PurchaseDraft } from './use-purchase-flow.ts';

export const dataNetworks: { id: Network; label: string }[] = [
  { id: 'mtn', label: 'MTN' },
  { id: 'glo', label: 'Glo' },
  { id: 'airtel', label: 'Airtel' },
  { id: '9mobile', label: '9mobile' },
];

const MIN_PHONE_DIGITS = 10;

type Check = { draft: PurchaseDraft } | { status: FormStatus };

function checkData(input: {
  network: Network | '';
  phone: string;
  planCode: string;
  plans: readonly Variation[];
  balanceKobo: number | undefined;
}): Check {
  const { network, phone, planCode } = input;
  if (network === '' || phone.trim() === '' || planCode === '') {
    return { status: { text: messages.purchase.allFieldsRequired, tone: 'error' } };
  }
  if (phoneDigits(phone).length < MIN_PHONE_DIGITS) {
    return { status: { text: messages.purchase.invalidPhone, tone: 'error' } };
  }
  const plan = input.plans.find((candidate) => candidate.code === planCode);
  if (!plan) return { status: { text: messages.purchase.invalidDataPlan, tone: 'error' } };
  if (!(plan.amountKobo > 0)) return { status: { text: messages.purchase.invalidAmount, tone: 'error' } };
  if (input.balanceKobo !== undefined && input.balanceKobo < plan.amountKobo) {
    return { status: { text: messages.purchase.insufficientBalance, tone: 'error', canFundWallet: true } };
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
    if ('status' in check) flow.setFormStatus(check.status);
    else flow.review(check.draft);
  };

  return (
    <PurchasePageFrame title="Buy Data">
      {wallet.isPending ? <p className="sr-only">{messages.purchase.loadingUser}</p> : null}
      {flow.step === 'result' && flow.purchase ? (
        <PurchaseResult
          purchase={flow.purchase}
          onStartOver={() => {
            setPlanCode('');
            flow.startOver();
          }}
          startOverLabel="Buy more data"
        />
      ) : flow.step === 'pin' && flow.draft ? (
        <PinStep flow={flow} draft={flow.draft} />
      ) : (
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
          <Select
            label="Data plan"
            value={planCode}
            disabled={network === '' || planList.length === 0}
            onChange={(event) => {
              choosePlan(event.target.value);
            }}
          >
            <option value="">{network === '' ? 'Choose a network first' : 'Choose a plan'}</option>
            {planList.map((candidate) => (
              <option key={candidate.code} value={candidate.code}>
                {`${candidate.name} - ${formatNaira(candidate.amountKobo)}`}
              </option>
            ))}
          </Select>
          <PlansArea
            isActive={network !== ''}
            label="Data plans"
            plans={plans}
            planCode={planCode}
            onSelect={choosePlan}
          />
          <Input
            label="Amount (NGN)"
            readOnly
            value={plan ? formatNaira(plan.amountKobo) : ''}
            placeholder="Filled from the plan"
          />
          <StatusMessage message={flow.formStatus?.text} tone={flow.formStatus?.tone} isScrolledIntoView />
          {flow.formStatus?.canFundWallet ? <FundWalletOffer /> : null}
          <div className="sticky bottom-0 -mx-1 bg-gray-50/95 px-1 py-2">
            <Button
              type="submit"
              fullWidth
              disabled={planCode === ''}
              isBusy={flow.isBusy}
              busyLabel={messages.purchase.processing}
            >
              Buy Data
            </Button>
          </div>
        </form>
      )}
    </PurchasePageFrame>
  );
}
