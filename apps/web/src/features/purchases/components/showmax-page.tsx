import { useState, type SyntheticEvent } from 'react';
import { applyDiscount, checkShowmaxForm } from '@quickvend/shared/bills';
import { kobo } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { detectNetwork } from '@quickvend/shared/phone';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { useService } from '@/lib/api/get-services.ts';
import { useVariations } from '@/lib/api/get-variations.ts';
import { useIsSandbox } from '@/lib/api/get-meta.ts';
import { phoneForServer } from '@/lib/phone.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { BillTables } from './bill-tables.tsx';
import { PlanAmount } from './bill-parts.tsx';
import { PlanPicker } from './plans-area.tsx';
import { FormSubmit, PurchasePageFrame, PurchaseSteps } from './purchase-page-frame.tsx';
import { usePurchaseFlow } from './use-purchase-flow.ts';

export const showmaxTexts = {
  phoneHint: 'Your Showmax account phone number.',
  submit: 'Subscribe',
} as const;

/** `/showmax`: a plan for the Showmax account of a phone number (no smart card). */
export function ShowmaxPage() {
  const flow = usePurchaseFlow('showmax');
  const wallet = useWallet();
  const isSandbox = useIsSandbox();
  const service = useService('showmax');
  const plans = useVariations('showmax');
  const [planCode, setPlanCode] = useState('');
  const [phone, setPhone] = useState('');
  const plan = plans.data?.variations.find((candidate) => candidate.code === planCode);
  const discountBps = service?.discountBps ?? 0;

  const choosePlan = (code: string) => {
    setPlanCode(code);
    flow.setFormStatus(null);
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const sentPhone = phoneForServer(phone);
    const problem = checkShowmaxForm(
      { phone: sentPhone, hasPlanChoice: planCode !== '', planAmountKobo: plan ? plan.amountKobo : null },
      isSandbox,
    );
    if (problem !== null || plan === undefined) {
      flow.setFormStatus({ text: problem ?? messages.purchase.invalidPlanOrAmount, tone: 'error' });
      return;
    }
    const { chargedKobo: payKobo } = applyDiscount(kobo(plan.amountKobo), discountBps);
    if (wallet.data !== undefined && wallet.data.balanceKobo < payKobo) {
      flow.setFormStatus({ text: messages.purchase.insufficientBalance, tone: 'error', canFundWallet: true });
      return;
    }
    flow.review({
      body: { serviceId: 'showmax', phone: sentPhone, variationCode: plan.code },
      chargeKobo: payKobo,
      faceKobo: plan.amountKobo,
      summary: `${plan.name} for ${phone.trim()}`,
    });
  };

  return (
    <PurchasePageFrame title="Showmax">
      <PurchaseSteps
        flow={flow}
        startOverLabel="Buy another Showmax plan"
        onStartOver={() => {
          setPlanCode('');
        }}
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-2.5" aria-label="Pay for Showmax">
          <PlanPicker
            selectLabel="Plan"
            placeholder="Choose a plan"
            isActive
            label="Showmax plans"
            plans={plans}
            planCode={planCode}
            onSelect={choosePlan}
          />
          <PhoneInput
            value={phone}
            hint={showmaxTexts.phoneHint}
            onChange={(next) => {
              setPhone(next);
              flow.setFormStatus(null);
            }}
            network={detectNetwork(phone)}
          />
          <PlanAmount faceKobo={plan?.amountKobo ?? null} discountBps={discountBps} />
          <FormSubmit flow={flow} label={showmaxTexts.submit} isDisabled={planCode === ''} />
        </form>
      </PurchaseSteps>
      <BillTables />
    </PurchasePageFrame>
  );
}
