import { useController } from 'react-hook-form';
import { useSearchParams } from '@/lib/router/index.ts';
import { z } from 'zod';
import type { Variation } from '@quickvend/shared/api/purchases';
import { checkShowmaxForm } from '@quickvend/shared/bills';
import { messages } from '@quickvend/shared/messages';
import { detectNetwork } from '@quickvend/shared/phone';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { useIsSandbox } from '@/lib/sandbox.ts';
import { useService } from '@/lib/service.ts';
import { useVariations } from '@/lib/api/get-variations.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { buyAgainParams, digitsParam, planParam } from '@/lib/buy-again.ts';
import { formatPhoneInput, phoneForServer } from '@/lib/phone.ts';
import { PlanAmount } from './bill-parts.tsx';
import { PlanPicker } from './plans-area.tsx';
import { refuse, useDropStalePlan, usePurchaseForm } from './purchase-form.ts';
import { FormSubmit, PurchasePageFrame, PurchaseSteps } from './purchase-page-frame.tsx';
import { SavedNumberPicker, SaveNumberOption, useSaveNumber } from './saved-numbers.tsx';
import { usePurchaseFlow } from './use-purchase-flow.ts';

export const showmaxTexts = {
  phoneHint: 'Your Showmax account phone number.',
  submit: 'Subscribe',
} as const;

const showmaxFields = z.object({ planCode: z.string(), phone: z.string() });
type ShowmaxValues = z.input<typeof showmaxFields>;

function showmaxSchema(input: {
  plans: readonly Variation[];
  isSandbox: boolean;
  balanceKobo: number | undefined;
}) {
  return showmaxFields.transform(({ planCode, phone }, ctx) => {
    const plan = input.plans.find((candidate) => candidate.code === planCode);
    const sentPhone = phoneForServer(phone);
    const problem = checkShowmaxForm(
      { phone: sentPhone, hasPlanChoice: planCode !== '', planAmountKobo: plan ? plan.amountKobo : null },
      input.isSandbox,
    );
    if (problem !== null) return refuse(ctx, problem);
    if (plan === undefined) return refuse(ctx, messages.purchase.invalidPlanOrAmount);
    const payKobo = plan.priceKobo;
    if (input.balanceKobo !== undefined && input.balanceKobo < payKobo) {
      return refuse(ctx, messages.purchase.insufficientBalance);
    }
    return {
      body: { serviceId: 'showmax', phone: sentPhone, variationCode: plan.code },
      chargeKobo: payKobo,
      faceKobo: plan.amountKobo,
      summary: `${plan.name} for ${phone.trim()}`,
    };
  });
}

/** `/showmax`: a plan for the Showmax account of a phone number (no smart card). */
export function ShowmaxPage() {
  const flow = usePurchaseFlow('showmax');
  const wallet = useWallet();
  const isSandbox = useIsSandbox();
  const service = useService('showmax');
  const plans = useVariations('showmax');
  const [searchParams] = useSearchParams();
  const { form, submitWith } = usePurchaseForm<ShowmaxValues>(flow, {
    planCode: planParam(searchParams),
    phone: digitsParam(searchParams, buyAgainParams.phone),
  });
  const { field: planField } = useController({ control: form.control, name: 'planCode' });
  const { field: phoneField } = useController({ control: form.control, name: 'phone' });
  const planList = plans.data?.variations ?? [];
  const plan = planList.find((candidate) => candidate.code === planField.value);
  useDropStalePlan(plans.data?.variations, planField.value, () => {
    form.setValue('planCode', '');
  });
  const saving = useSaveNumber(flow.purchase);
  const schema = showmaxSchema({
    plans: planList,
    isSandbox,
    balanceKobo: wallet.data?.balanceKobo,
  });

  return (
    <PurchasePageFrame title="Showmax">
      <PurchaseSteps
        flow={flow}
        startOverLabel="Buy another Showmax plan"
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
          aria-label="Pay for Showmax"
        >
          <PlanPicker
            selectLabel="Plan"
            placeholder="Choose a plan"
            isActive
            plans={plans}
            planCode={planField.value}
            onSelect={(code) => {
              planField.onChange(code);
              flow.edited();
            }}
          />
          <SavedNumberPicker
            kind="phone"
            current={phoneField.value}
            onPick={(saved) => {
              phoneField.onChange(formatPhoneInput(saved.number));
              flow.edited();
            }}
          />
          <PhoneInput
            value={phoneField.value}
            hint={showmaxTexts.phoneHint}
            onChange={(next) => {
              phoneField.onChange(next);
              flow.edited();
            }}
            network={detectNetwork(phoneField.value)}
          />
          <PlanAmount
            faceKobo={plan?.amountKobo ?? null}
            payKobo={plan?.priceKobo ?? null}
            discountBps={service?.discountBps ?? 0}
          />
          <SaveNumberOption saving={saving} kind="phone" number={phoneField.value} />
          <FormSubmit
            flow={flow}
            label={showmaxTexts.submit}
            isDisabled={planField.value === ''}
            payKobo={plan?.priceKobo ?? null}
          />
        </form>
      </PurchaseSteps>
    </PurchasePageFrame>
  );
}
