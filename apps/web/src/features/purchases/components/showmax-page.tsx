import { useState, type SyntheticEvent } from 'react';
import { applyDiscount, checkShowmaxForm } from '@quickvend/shared/bills';
import { formatNaira, kobo } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { detectNetwork } from '@quickvend/shared/phone';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PhoneInput } from '../../../components/ui/phone-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useService, useVariations } from '../../../lib/catalog.ts';
import { useIsSandbox } from '../../../lib/meta.ts';
import { phoneForServer } from '../../../lib/phone.ts';
import { useWallet } from '../../../lib/wallet.ts';
import { BillTables } from './bill-tables.tsx';
import { DiscountLine } from './bill-parts.tsx';
import { PinStep } from './pin-step.tsx';
import { PlansArea } from './plans-area.tsx';
import { FundWalletOffer, PurchasePageFrame } from './purchase-page-frame.tsx';
import { PurchaseResult } from './purchase-result.tsx';
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
  const planList = plans.data?.variations ?? [];
  const plan = planList.find((candidate) => candidate.code === planCode);
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
      {flow.step === 'result' && flow.purchase ? (
        <PurchaseResult
          purchase={flow.purchase}
          onStartOver={() => {
            setPlanCode('');
            flow.startOver();
          }}
          startOverLabel="Buy another Showmax plan"
        />
      ) : flow.step === 'pin' && flow.draft ? (
        <PinStep flow={flow} draft={flow.draft} />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-2.5" aria-label="Pay for Showmax">
          <Select
            label="Plan"
            value={planCode}
            disabled={planList.length === 0}
            onChange={(event) => {
              choosePlan(event.target.value);
            }}
          >
            <option value="">Choose a plan</option>
            {planList.map((candidate) => (
              <option key={candidate.code} value={candidate.code}>
                {`${candidate.name} - ${formatNaira(candidate.amountKobo)}`}
              </option>
            ))}
          </Select>
          <PlansArea isActive label="Showmax plans" plans={plans} planCode={planCode} onSelect={choosePlan} />
          <PhoneInput
            value={phone}
            hint={showmaxTexts.phoneHint}
            onChange={(next) => {
              setPhone(next);
              flow.setFormStatus(null);
            }}
            network={detectNetwork(phone)}
          />
          <Input
            label="Amount (NGN)"
            readOnly
            value={plan ? formatNaira(plan.amountKobo) : ''}
            placeholder="Filled from the plan"
          />
          <DiscountLine faceKobo={plan?.amountKobo ?? null} bps={discountBps} />
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
              {showmaxTexts.submit}
            </Button>
          </div>
        </form>
      )}
      <BillTables />
    </PurchasePageFrame>
  );
}
