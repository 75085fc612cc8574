import { useEffect, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useSearchParams } from '@/lib/router/index.ts';
import { z } from 'zod';
import type { Variation, VerifyResponse } from '@quickvend/shared/api/purchases';
import { checkSmartCard, checkTvForm, compactNumber, type TvServiceId } from '@quickvend/shared/bills';
import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { detectNetwork } from '@quickvend/shared/phone';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useIsSandbox } from '@/lib/sandbox.ts';
import { useService } from '@/lib/service.ts';
import { useVariations } from '@/lib/api/get-variations.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { buyAgainParams, digitsParam, planParam } from '@/lib/buy-again.ts';
import { planWithBrand, tvLabelOf, withoutPriceSuffix } from '@quickvend/shared/purchase-words';
import { formatProviderDate } from '@/lib/format.ts';
import { phoneForServer } from '@/lib/phone.ts';
import { useVerifiedCustomer } from '../api/verify-customer.ts';
import { billTexts, PlanAmount, VerifiedCustomer } from './bill-parts.tsx';
import { priceOfAmount } from './web-price.ts';
import { PlanPicker } from './plans-area.tsx';
import { refuse, useDropStalePlan, usePurchaseForm } from './purchase-form.ts';
import type { PurchaseDraft } from './purchase-machine.ts';
import { FormSubmit, PurchasePageFrame, PurchaseSteps } from './purchase-page-frame.tsx';
import { SavedNumberPicker, SaveNumberOption, useSaveNumber } from './saved-numbers.tsx';
import { SubscriptionChoice, tvTexts } from './tv-subscription-choice.tsx';
import { usePurchaseFlow } from './use-purchase-flow.ts';

/** Only DSTV and GOtv renew the current bouquet at its renewal price; StarTimes always names a bouquet. */
const canRenew = (serviceId: TvServiceId) => serviceId === 'dstv' || serviceId === 'gotv';

const tvFields = z.object({
  smartCard: z.string(),
  subscriptionType: z.enum(['change', 'renew']),
  planCode: z.string(),
  phone: z.string(),
});
type TvValues = z.input<typeof tvFields>;

function tvSchema(input: {
  serviceId: TvServiceId;
  label: string;
  plans: readonly Variation[];
  verified: VerifyResponse | null;
  discountBps: number;
  isSandbox: boolean;
  balanceKobo: number | undefined;
}) {
  const { serviceId, label, verified } = input;
  return tvFields.transform(({ smartCard, subscriptionType, planCode, phone }, ctx) => {
    const plan = input.plans.find((candidate) => candidate.code === planCode);
    const isRenewing = canRenew(serviceId) && verified !== null && subscriptionType === 'renew';
    const sentPhone = phoneForServer(phone);
    const problem = checkTvForm(
      serviceId,
      {
        smartCard,
        phone: sentPhone,
        subscriptionType: isRenewing ? 'renew' : 'change',
        planAmountKobo: plan ? plan.amountKobo : null,
        hasPlanChoice: planCode !== '',
      },
      input.isSandbox,
    );
    if (problem !== null) return refuse(ctx, problem);
    if (verified === null) return refuse(ctx, messages.bills.verifyFirst);
    const faceKobo = isRenewing ? verified.renewalAmountKobo : (plan?.amountKobo ?? null);
    if (faceKobo === null || faceKobo <= 0) {
      return refuse(ctx, isRenewing ? messages.bills.renewUnavailable : messages.purchase.invalidAmount);
    }
    const payKobo = isRenewing ? priceOfAmount(faceKobo, input.discountBps) : (plan?.priceKobo ?? faceKobo);
    if (input.balanceKobo !== undefined && input.balanceKobo < payKobo) {
      return refuse(ctx, messages.purchase.insufficientBalance);
    }
    const card = compactNumber(smartCard);
    const body: PurchaseDraft['body'] = isRenewing
      ? { serviceId, phone: sentPhone, billersCode: card, subscriptionType: 'renew' }
      : {
          serviceId,
          phone: sentPhone,
          billersCode: card,
          variationCode: planCode,
          ...(canRenew(serviceId) ? { subscriptionType: 'change' as const } : {}),
        };
    const what = isRenewing
      ? `${label} renewal${verified.currentBouquet ? ` (${withoutPriceSuffix(verified.currentBouquet)})` : ''}`
      : planWithBrand(label, plan ? withoutPriceSuffix(plan.name) : planCode);
    return {
      body,
      chargeKobo: payKobo,
      faceKobo,
      summary: `${what} for smart card ${card}`,
      note: `Card holder: ${verified.customerName}`,
    };
  });
}

type TvPageProps = { serviceId: TvServiceId };

/**
 * `/dstv`, `/gotv`, `/startimes`: verify the smart card, renew the current bouquet (DSTV, GOtv) or
 * choose one from the dropdown, then pay with the PIN. The page is the form and its result, nothing else.
 */
export function TvPage({ serviceId }: TvPageProps) {
  const label = tvLabelOf(serviceId);
  const flow = usePurchaseFlow(serviceId);
  const wallet = useWallet();
  const isSandbox = useIsSandbox();
  const service = useService(serviceId);
  const plans = useVariations(serviceId);
  // Buy again opens the page with the card, the bouquet (none when it was renewed) and the phone
  const [searchParams] = useSearchParams();
  const { form, submitWith } = usePurchaseForm<TvValues>(flow, {
    smartCard: digitsParam(searchParams, buyAgainParams.card),
    subscriptionType: 'change',
    planCode: planParam(searchParams),
    phone: digitsParam(searchParams, buyAgainParams.phone),
  });
  const { field: planField } = useController({ control: form.control, name: 'planCode' });
  const { field: phoneField } = useController({ control: form.control, name: 'phone' });
  const [smartCard, subscriptionType] = useWatch({
    control: form.control,
    name: ['smartCard', 'subscriptionType'],
  });
  const customer = useVerifiedCustomer(compactNumber(smartCard));
  const saving = useSaveNumber(flow.purchase);
  // the card's details push what comes next down, under the pay bar: it is brought back into view
  const nextFieldsRef = useRef<HTMLDivElement>(null);
  const [verifiedCount, setVerifiedCount] = useState(0);
  useEffect(() => {
    const next = nextFieldsRef.current?.querySelector('select, input');
    if (verifiedCount > 0 && next && typeof next.scrollIntoView === 'function') {
      next.scrollIntoView({ block: 'nearest' });
    }
  }, [verifiedCount]);

  const planList = plans.data?.variations ?? [];
  const plan = planList.find((candidate) => candidate.code === planField.value);
  const discountBps = service?.discountBps ?? 0;
  const verified = customer.verified;
  const isVerified = verified !== null;
  const isRenewing = canRenew(serviceId) && verified !== null && subscriptionType === 'renew';
  const faceKobo = isRenewing ? verified.renewalAmountKobo : (plan?.amountKobo ?? null);
  const payKobo =
    faceKobo === null || faceKobo <= 0
      ? null
      : isRenewing
        ? priceOfAmount(faceKobo, discountBps)
        : (plan?.priceKobo ?? faceKobo);
  useDropStalePlan(plans.data?.variations, planField.value, () => {
    form.setValue('planCode', '');
  });
  const schema = tvSchema({
    serviceId,
    label,
    plans: planList,
    verified,
    discountBps,
    isSandbox,
    balanceKobo: wallet.data?.balanceKobo,
  });

  const changeCard = (next: string) => {
    customer.setError(null);
    flow.edited();
    if (customer.answeredKey !== null && customer.answeredKey !== compactNumber(next)) {
      // another card: what was verified no longer applies
      customer.forget();
      form.setValue('subscriptionType', 'change');
    }
  };

  const runVerify = () => {
    const card = compactNumber(smartCard);
    flow.edited();
    if (card === '') {
      customer.setError(tvTexts.cardRequired);
      return;
    }
    // the provider would only say "Invalid Smartcard Number"; the spec's words say what to fix
    const misshapen = checkSmartCard(serviceId, card, isSandbox);
    if (misshapen !== null) {
      customer.setError(misshapen);
      return;
    }
    customer.setError(null);
    const hasPlanChoice = planField.value !== '';
    customer.run({ serviceId, billersCode: card }, (answer) => {
      // renewing is the quickest way to pay when nothing else was chosen yet
      const hasRenewal = answer.renewalAmountKobo !== null && answer.renewalAmountKobo > 0;
      form.setValue(
        'subscriptionType',
        canRenew(serviceId) && hasRenewal && !hasPlanChoice ? 'renew' : 'change',
      );
      setVerifiedCount((count) => count + 1);
    });
  };

  return (
    <PurchasePageFrame title={label}>
      <PurchaseSteps
        flow={flow}
        startOverLabel={`Pay for ${label} again`}
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
          aria-label={`Pay for ${label}`}
        >
          <SavedNumberPicker
            kind="smartcard"
            current={smartCard}
            accepts={(saved) => saved.serviceId === null || saved.serviceId === serviceId}
            onPick={(saved) => {
              form.setValue('smartCard', saved.number);
              changeCard(saved.number);
            }}
          />
          <div className="flex items-start gap-2">
            <Input
              label="Smart card number"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="e.g. 1212121212"
              className="min-w-0 flex-1"
              {...form.register('smartCard', {
                onChange: (event: { target: { value: string } }) => {
                  changeCard(event.target.value);
                },
              })}
            />
            <Button
              variant="secondary"
              className="mt-[1.625rem] shrink-0"
              isBusy={customer.isPending}
              busyLabel={billTexts.verifying}
              disabled={isVerified}
              onClick={runVerify}
            >
              {isVerified ? tvTexts.verified : tvTexts.verify}
            </Button>
          </div>
          <StatusMessage message={customer.error} tone="error" />
          {verified !== null ? (
            <VerifiedCustomer
              title={tvTexts.verifiedTitle}
              rows={[
                ['Customer name', verified.customerName],
                ['Status', verified.status],
                ['Due date', verified.dueDate ? formatProviderDate(verified.dueDate) : null],
                [
                  'Current bouquet',
                  verified.currentBouquet ? withoutPriceSuffix(verified.currentBouquet) : null,
                ],
                [
                  'Renewal amount',
                  verified.renewalAmountKobo !== null && verified.renewalAmountKobo > 0
                    ? formatNaira(verified.renewalAmountKobo)
                    : null,
                ],
              ]}
            />
          ) : null}
          {verified !== null && canRenew(serviceId) ? (
            <SubscriptionChoice
              value={subscriptionType}
              verified={verified}
              onChange={(next) => {
                form.setValue('subscriptionType', next);
                flow.edited();
              }}
            />
          ) : null}
          <div ref={nextFieldsRef} className="flex flex-col gap-2.5">
            {isRenewing ? null : (
              <PlanPicker
                selectLabel="Bouquet"
                placeholder="Choose a bouquet"
                isActive
                plans={plans}
                planCode={planField.value}
                onSelect={(code) => {
                  planField.onChange(code);
                  flow.edited();
                }}
              />
            )}
            <PhoneInput
              value={phoneField.value}
              onChange={(next) => {
                phoneField.onChange(next);
                flow.edited();
              }}
              network={detectNetwork(phoneField.value)}
            />
          </div>
          <PlanAmount
            faceKobo={faceKobo !== null && faceKobo > 0 ? faceKobo : null}
            payKobo={payKobo}
            discountBps={discountBps}
            placeholder={isRenewing ? 'The renewal amount' : 'Filled from the bouquet'}
          />
          <SaveNumberOption saving={saving} kind="smartcard" number={smartCard} />
          <FormSubmit
            flow={flow}
            label={tvTexts.submit}
            isDisabled={!isRenewing && planField.value === ''}
            payKobo={payKobo}
          />
        </form>
      </PurchaseSteps>
    </PurchasePageFrame>
  );
}

export function GotvPage() {
  return <TvPage serviceId="gotv" />;
}

export function StartimesPage() {
  return <TvPage serviceId="startimes" />;
}
