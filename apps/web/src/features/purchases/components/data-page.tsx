import { useController, useWatch } from 'react-hook-form';
import { useSearchParams } from '@/lib/router/index.ts';
import { z } from 'zod';
import type { Variation } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { detectNetwork, NETWORKS, type Network } from '@quickvend/shared/phone';
import { NETWORK_SERVICES } from '@quickvend/shared/services';
import { providerLabel } from '@/components/ui/logos.tsx';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useVariations } from '@/lib/api/get-variations.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { buyAgainParams, digitsParam, planParam } from '@/lib/buy-again.ts';
import { formatPhoneInput, phoneDigits, phoneForServer } from '@/lib/phone.ts';
import { networkOfBeneficiary } from '@quickvend/shared/beneficiaries';
import { PlanAmount } from './bill-parts.tsx';
import { PlanPicker } from './plans-area.tsx';
import { networkChoice, refuse, useDropStalePlan, usePurchaseForm } from './purchase-form.ts';
import { FormSubmit, PurchasePageFrame, PurchaseSteps } from './purchase-page-frame.tsx';
import { SavedNumberPicker, SaveNumberOption, useSaveNumber } from './saved-numbers.tsx';
import { usePurchaseFlow } from './use-purchase-flow.ts';

/** The networks as their badges name them (`Glo`). */
export const dataNetworks: { id: Network; label: string }[] = NETWORKS.map(({ id }) => ({
  id,
  label: providerLabel(id),
}));

const MIN_PHONE_DIGITS = 10;

const dataFields = z.object({ network: networkChoice, phone: z.string(), planCode: z.string() });
type DataValues = z.input<typeof dataFields>;

function dataSchema(input: { plans: readonly Variation[]; balanceKobo: number | undefined }) {
  return dataFields.transform(({ network, phone, planCode }, ctx) => {
    if (network === '' || phone.trim() === '' || planCode === '') {
      return refuse(ctx, messages.purchase.allFieldsRequired);
    }
    if (phoneDigits(phone).length < MIN_PHONE_DIGITS) return refuse(ctx, messages.purchase.invalidPhone);
    const plan = input.plans.find((candidate) => candidate.code === planCode);
    if (!plan) return refuse(ctx, messages.purchase.invalidDataPlan);
    if (!(plan.amountKobo > 0)) return refuse(ctx, messages.purchase.invalidAmount);
    if (input.balanceKobo !== undefined && input.balanceKobo < plan.priceKobo) {
      return refuse(ctx, messages.purchase.insufficientBalance);
    }
    const label = dataNetworks.find((candidate) => candidate.id === network)?.label ?? network;
    return {
      body: {
        serviceId: NETWORK_SERVICES[network].data,
        phone: phoneForServer(phone),
        variationCode: plan.code,
      },
      chargeKobo: plan.priceKobo,
      faceKobo: plan.amountKobo,
      summary: `${label} ${plan.name} for ${phone.trim()}`,
    };
  });
}

/** `/data`: a data plan for any line, chosen from the network's plan list. */
export function DataPage() {
  const flow = usePurchaseFlow('data');
  const wallet = useWallet();
  // Buy again opens the page with the network, number and plan of an earlier purchase
  const [searchParams] = useSearchParams();
  const chosen = networkChoice.safeParse(searchParams.get(buyAgainParams.network)?.toLowerCase() ?? '');
  const { form, submitWith } = usePurchaseForm<DataValues>(flow, {
    network: chosen.success ? chosen.data : '',
    phone: digitsParam(searchParams, buyAgainParams.phone),
    planCode: chosen.success ? planParam(searchParams) : '',
  });
  const { field: phoneField } = useController({ control: form.control, name: 'phone' });
  const { field: planField } = useController({ control: form.control, name: 'planCode' });
  const network = useWatch({ control: form.control, name: 'network' });
  const plans = useVariations(network === '' ? null : NETWORK_SERVICES[network].data);
  const planList = plans.data?.variations ?? [];
  const plan = planList.find((candidate) => candidate.code === planField.value);
  useDropStalePlan(plans.data?.variations, planField.value, () => {
    form.setValue('planCode', '');
  });
  const schema = dataSchema({ plans: planList, balanceKobo: wallet.data?.balanceKobo });
  const saving = useSaveNumber(flow.purchase);

  const changePhone = (next: string) => {
    phoneField.onChange(next);
    flow.edited();
    if (network === '' && phoneDigits(next).length >= 11) {
      const detected = detectNetwork(next);
      if (detected) {
        form.setValue('network', detected);
        form.setValue('planCode', '');
      }
    }
  };

  const choosePlan = (code: string) => {
    planField.onChange(code);
    flow.edited();
  };

  return (
    <PurchasePageFrame title="Buy Data">
      {wallet.isPending ? <p className="sr-only">{messages.purchase.loadingUser}</p> : null}
      <PurchaseSteps
        flow={flow}
        startOverLabel="Buy more data"
        onStartOver={() => {
          form.setValue('planCode', '');
          saving.reset();
        }}
        resultNotice={saving.notice}
      >
        <form
          noValidate
          onSubmit={submitWith(schema)}
          className="flex flex-col gap-2.5"
          aria-label="Buy data"
        >
          <SavedNumberPicker
            kind="phone"
            current={phoneField.value}
            onPick={(saved) => {
              phoneField.onChange(formatPhoneInput(saved.number));
              const picked = networkOfBeneficiary(saved);
              // another network has other plans: the earlier choice no longer applies
              if (picked && picked !== network) {
                form.setValue('network', picked);
                form.setValue('planCode', '');
              }
              flow.edited();
            }}
          />
          <Select
            label="Network"
            {...form.register('network', {
              // another network has other plans: the earlier choice no longer applies
              onChange: () => {
                form.setValue('planCode', '');
                flow.edited();
              },
            })}
          >
            <option value="">Choose network</option>
            {dataNetworks.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </Select>
          <PhoneInput
            value={phoneField.value}
            onChange={changePhone}
            network={detectNetwork(phoneField.value)}
          />
          <PlanPicker
            selectLabel="Data plan"
            placeholder={network === '' ? 'Choose a network first' : 'Choose a plan'}
            isActive={network !== ''}
            plans={plans}
            planCode={planField.value}
            onSelect={choosePlan}
          />
          <PlanAmount faceKobo={plan?.amountKobo ?? null} payKobo={plan?.priceKobo ?? null} />
          <SaveNumberOption saving={saving} kind="phone" number={phoneField.value} />
          <FormSubmit
            flow={flow}
            label="Buy Data"
            isDisabled={planField.value === ''}
            payKobo={plan?.priceKobo ?? null}
          />
        </form>
      </PurchaseSteps>
    </PurchasePageFrame>
  );
}
