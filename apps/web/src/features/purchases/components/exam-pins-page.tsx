import { useController, useWatch } from 'react-hook-form';
import { useSearchParams } from '@/lib/router/index.ts';
import { z } from 'zod';
import type { Variation, VerifyResponse } from '@quickvend/shared/api/purchases';
import { compactNumber } from '@quickvend/shared/bills';
import { formatNaira, kobo } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { detectNetwork } from '@quickvend/shared/phone';
import { EXAM_MAX_QUANTITY, EXAM_SERVICES } from '@quickvend/shared/services';
import { Input } from '@/components/ui/input.tsx';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useService } from '@/lib/service.ts';
import { useVariations } from '@/lib/api/get-variations.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { buyAgainParams, choiceParam, digitsParam, planParam } from '@/lib/buy-again.ts';
import { phoneDigits, phoneForServer } from '@/lib/phone.ts';
import { useVerifiedCustomer } from '../api/verify-customer.ts';
import { PlanAmount, VerifiedCustomer, VerifyButton } from './bill-parts.tsx';
import { PlansArea } from './plans-area.tsx';
import { refuse, useDropStalePlan, usePurchaseForm } from './purchase-form.ts';
import { FormSubmit, PurchasePageFrame, PurchaseSteps } from './purchase-page-frame.tsx';
import { SavedNumberPicker, SaveNumberOption, useSaveNumber } from './saved-numbers.tsx';
import { usePurchaseFlow } from './use-purchase-flow.ts';

type ExamId = (typeof EXAM_SERVICES)[number]['id'];

const MIN_PHONE_DIGITS = 10;

export const examTexts = {
  title: 'Exam PINs',
  choose: 'What do you need?',
  hints: {
    waec: 'Check WAEC results online',
    'waec-registration': 'Register for WASSCE',
    jamb: 'UTME and Direct Entry',
  } satisfies Record<ExamId, string>,
  quantity: 'Quantity',
  quantityHint: `1 to ${EXAM_MAX_QUANTITY} PINs.`,
  pinsHint: 'Your PINs show on the receipt and are emailed to you.',
  profileId: 'JAMB profile ID',
  profileHint: 'The profile ID from your JAMB registration.',
  verify: 'Verify Profile ID',
  verifiedTitle: 'Candidate verified',
  planFirst: 'Error: Choose a plan, then verify the profile ID.',
  profileRequired: 'Error: Enter the profile ID, then tap Verify Profile ID.',
  total: 'Total (NGN)',
  each: (price: string, quantity: number) => `${price} × ${quantity}`,
  submit: (quantity: number) => (quantity > 1 ? 'Buy PINs' : 'Buy PIN'),
} as const;

/** `3` from what was typed, or null when it is not a whole number of PINs the provider sells at once. */
function quantityOf(value: string): number | null {
  if (!/^\d{1,2}$/.test(value.trim())) return null;
  const quantity = Number(value.trim());
  return quantity >= 1 && quantity <= EXAM_MAX_QUANTITY ? quantity : null;
}

function QuantityStepper({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const current = quantityOf(value) ?? 1;
  const stepClasses =
    'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-brand-700 bg-white text-xl font-bold text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500 disabled:opacity-50';
  return (
    <div className="flex items-end gap-2">
      <button
        type="button"
        aria-label="One fewer"
        className={`${stepClasses} mb-6`}
        disabled={current <= 1}
        onClick={() => {
          onChange(String(current - 1));
        }}
      >
        −
      </button>
      <Input
        label={examTexts.quantity}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        hint={examTexts.quantityHint}
        className="min-w-0 flex-1 [&_input]:text-center [&_input]:font-bold"
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <button
        type="button"
        aria-label="One more"
        className={`${stepClasses} mb-6`}
        disabled={current >= EXAM_MAX_QUANTITY}
        onClick={() => {
          onChange(String(current + 1));
        }}
      >
        +
      </button>
    </div>
  );
}

const examFields = z.object({
  examId: z.enum(EXAM_SERVICES.map((exam) => exam.id) as [ExamId, ...ExamId[]]),
  chosenPlan: z.string(),
  quantity: z.string(),
  profileId: z.string(),
  phone: z.string(),
});
type ExamValues = z.input<typeof examFields>;

/** The plan to buy: the one chosen, or the only one there is. */
function planCodeOf(chosenPlan: string, plans: readonly Variation[]): string {
  return chosenPlan || (plans.length === 1 ? (plans[0]?.code ?? '') : '');
}

function examSchema(input: {
  plans: readonly Variation[];
  verified: VerifyResponse | null;
  balanceKobo: number | undefined;
}) {
  return examFields.transform(({ examId, chosenPlan, quantity: quantityText, profileId, phone }, ctx) => {
    const planCode = planCodeOf(chosenPlan, input.plans);
    const plan = input.plans.find((candidate) => candidate.code === planCode);
    const isJamb = examId === 'jamb';
    const quantity = isJamb ? 1 : quantityOf(quantityText);
    const profile = compactNumber(profileId);
    if (planCode === '' || phone.trim() === '' || (isJamb && profile === '') || quantityText.trim() === '')
      return refuse(ctx, messages.purchase.allFieldsRequired);
    if (quantity === null) return refuse(ctx, messages.bills.quantityRange);
    if (phoneDigits(phone).length < MIN_PHONE_DIGITS) return refuse(ctx, messages.purchase.invalidPhone);
    const faceKobo = plan ? kobo(plan.amountKobo * quantity) : null;
    if (plan === undefined || faceKobo === null || faceKobo <= 0)
      return refuse(ctx, messages.purchase.invalidPlanOrAmount);
    const verified = isJamb ? input.verified : null;
    if (isJamb && verified === null) return refuse(ctx, messages.bills.verifyFirst);
    const payKobo = plan.priceKobo * quantity;
    if (input.balanceKobo !== undefined && input.balanceKobo < payKobo)
      return refuse(ctx, messages.purchase.insufficientBalance);
    const sentPhone = phoneForServer(phone);
    const examLabel = EXAM_SERVICES.find((exam) => exam.id === examId)?.label ?? examId;
    return {
      body: isJamb
        ? { serviceId: examId, phone: sentPhone, billersCode: profile, variationCode: plan.code }
        : { serviceId: examId, phone: sentPhone, variationCode: plan.code, quantity },
      chargeKobo: payKobo,
      faceKobo,
      summary: isJamb ? `${plan.name} for profile ${profile}` : `${quantity} × ${examLabel} (${plan.name})`,
      ...(verified ? { note: `Candidate: ${verified.customerName}` } : {}),
    };
  });
}

/**
 * `/exam-pins`: WAEC result checker and registration PINs (1 to 10 at a time) and JAMB PINs for a
 * verified profile ID. Plans and prices come from the provider.
 */
export function ExamPinsPage() {
  const flow = usePurchaseFlow('exam-pins');
  const wallet = useWallet();
  // Buy again opens the page with the exam, plan, quantity (or JAMB profile) and phone
  const [searchParams] = useSearchParams();
  const quantityParam = searchParams.get(buyAgainParams.quantity) ?? '';
  const { form, submitWith } = usePurchaseForm<ExamValues>(flow, {
    examId: choiceParam(
      searchParams,
      buyAgainParams.exam,
      EXAM_SERVICES.map((exam) => exam.id),
      'waec',
    ),
    chosenPlan: planParam(searchParams),
    quantity: quantityOf(quantityParam) === null ? '1' : quantityParam.trim(),
    profileId: digitsParam(searchParams, buyAgainParams.profile),
    phone: digitsParam(searchParams, buyAgainParams.phone),
  });
  const { field: examField } = useController({ control: form.control, name: 'examId' });
  const { field: quantityField } = useController({ control: form.control, name: 'quantity' });
  const { field: phoneField } = useController({ control: form.control, name: 'phone' });
  const [chosenPlan, profileId] = useWatch({ control: form.control, name: ['chosenPlan', 'profileId'] });
  const examId = examField.value;
  const service = useService(examId);
  const plans = useVariations(examId);
  const planList = plans.data?.variations ?? [];
  const planCode = planCodeOf(chosenPlan, planList);
  const plan = planList.find((candidate) => candidate.code === planCode);
  const isJamb = examId === 'jamb';
  const quantity = isJamb ? 1 : quantityOf(quantityField.value);
  const faceKobo = plan && quantity !== null ? kobo(plan.amountKobo * quantity) : null;
  const discountBps = service?.discountBps ?? 0;
  const profile = compactNumber(profileId);
  const customer = useVerifiedCustomer(`${planCode}|${profile}`);
  const verified = isJamb ? customer.verified : null;
  const examLabel = EXAM_SERVICES.find((exam) => exam.id === examId)?.label ?? examId;
  useDropStalePlan(plans.data?.variations, chosenPlan, () => {
    form.setValue('chosenPlan', '');
  });
  const saving = useSaveNumber(flow.purchase);
  const schema = examSchema({
    plans: planList,
    verified: customer.verified,
    balanceKobo: wallet.data?.balanceKobo,
  });

  const changed = () => {
    customer.setError(null);
    flow.edited();
  };

  const runVerify = () => {
    changed();
    if (planCode === '') {
      customer.setError(examTexts.planFirst);
      return;
    }
    if (profile === '') {
      customer.setError(examTexts.profileRequired);
      return;
    }
    customer.run({ serviceId: 'jamb', billersCode: profile, type: planCode });
  };

  return (
    <PurchasePageFrame title={examTexts.title}>
      <PurchaseSteps
        flow={flow}
        startOverLabel="Buy more PINs"
        onStartOver={() => {
          form.setValue('quantity', '1');
          saving.reset();
        }}
        resultNotice={saving.notice}
      >
        <form
          noValidate
          onSubmit={submitWith(schema)}
          className="flex flex-col gap-2.5"
          aria-label="Buy exam PINs"
        >
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold text-gray-900">{examTexts.choose}</legend>
            <div className="flex flex-col gap-1.5">
              {EXAM_SERVICES.map((exam) => (
                <label
                  key={exam.id}
                  className={`flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-xl border-2 px-3 py-1.5 has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
                    examId === exam.id
                      ? 'border-brand-700 bg-brand-50'
                      : 'border-gray-200 bg-white hover:border-brand-600'
                  }`}
                >
                  <input
                    type="radio"
                    name="exam"
                    value={exam.id}
                    checked={examId === exam.id}
                    onChange={() => {
                      examField.onChange(exam.id);
                      form.setValue('chosenPlan', '');
                      changed();
                    }}
                    className="sr-only"
                  />
                  <span className="text-sm font-bold text-gray-900">{exam.label}</span>
                  <span className="text-right text-xs text-gray-700">{examTexts.hints[exam.id]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <PlansArea
            label={`${examLabel} plans`}
            plans={plans}
            planCode={planCode}
            onSelect={(code) => {
              form.setValue('chosenPlan', code);
              changed();
            }}
          />
          {isJamb ? (
            <>
              <SavedNumberPicker
                kind="profile"
                current={profileId}
                onPick={(saved) => {
                  form.setValue('profileId', saved.number);
                  changed();
                }}
              />
              <Input
                label={examTexts.profileId}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="e.g. 0123456789"
                hint={examTexts.profileHint}
                {...form.register('profileId', { onChange: changed })}
              />
              {verified === null ? (
                <VerifyButton isBusy={customer.isPending} onClick={runVerify}>
                  {examTexts.verify}
                </VerifyButton>
              ) : (
                <VerifiedCustomer
                  title={examTexts.verifiedTitle}
                  rows={[
                    ['Candidate name', verified.customerName],
                    ['Profile ID', profile],
                  ]}
                />
              )}
              {verified !== null ? (
                <SaveNumberOption saving={saving} kind="profile" number={profileId} />
              ) : null}
              <StatusMessage message={customer.error} tone="error" />
            </>
          ) : (
            <QuantityStepper
              value={quantityField.value}
              onChange={(next) => {
                quantityField.onChange(next);
                flow.edited();
              }}
            />
          )}
          <PhoneInput
            value={phoneField.value}
            hint={isJamb ? undefined : examTexts.pinsHint}
            onChange={(next) => {
              phoneField.onChange(next);
              flow.edited();
            }}
            network={detectNetwork(phoneField.value)}
          />
          <PlanAmount
            faceKobo={faceKobo}
            payKobo={plan && quantity !== null ? plan.priceKobo * quantity : null}
            discountBps={discountBps}
            label={isJamb ? 'Amount (NGN)' : examTexts.total}
            hint={
              !isJamb && plan && quantity !== null
                ? examTexts.each(formatNaira(plan.amountKobo), quantity)
                : undefined
            }
          />
          <FormSubmit
            flow={flow}
            label={examTexts.submit(quantity ?? 1)}
            isDisabled={planCode === ''}
            payKobo={plan && quantity !== null ? plan.priceKobo * quantity : null}
          />
        </form>
      </PurchaseSteps>
    </PurchasePageFrame>
  );
}
