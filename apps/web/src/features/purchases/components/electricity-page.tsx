import type { SyntheticEvent } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useSearchParams } from '@/lib/router/index.ts';
import { z } from 'zod';
import type { VerifyResponse } from '@quickvend/shared/api/purchases';
import { checkMeterForm, compactNumber } from '@quickvend/shared/bills';
import { meterTypeLabels } from '@quickvend/shared/beneficiaries';
import { formatNaira, toNairaString } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { detectNetwork } from '@quickvend/shared/phone';
import { ELECTRICITY_DISTRIBUTORS, METER_TYPES } from '@quickvend/shared/services';
import { Input } from '@/components/ui/input.tsx';
import { MeterTypeChoice } from '@/components/ui/meter-type-choice.tsx';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useService } from '@/lib/service.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { amountParam, buyAgainParams, choiceParam, digitsParam } from '@/lib/buy-again.ts';
import { phoneDigits, phoneForServer } from '@/lib/phone.ts';
import { useVerifiedCustomer } from '../api/verify-customer.ts';
import { DiscountLine, VerifiedCustomer, VerifyButton } from './bill-parts.tsx';
import { priceOfAmount } from './web-price.ts';
import { nairaOrNull, refuse, usePurchaseForm } from './purchase-form.ts';
import { FormSubmit, PurchasePageFrame, PurchaseSteps } from './purchase-page-frame.tsx';
import { SavedNumberPicker, SaveNumberOption, useSaveNumber } from './saved-numbers.tsx';
import { usePurchaseFlow } from './use-purchase-flow.ts';

const MIN_PHONE_DIGITS = 10;

export const electricityTexts = {
  verify: 'Verify Meter Number',
  verifiedTitle: 'Meter verified',
  submit: 'Buy electricity',
  limits: (minimum: string, maximum: string | null) =>
    maximum ? `From ${minimum} to ${maximum}.` : `From ${minimum}.`,
} as const;

const electricityFields = z.object({
  serviceId: z.string(),
  meterType: z.enum(METER_TYPES),
  meterNumber: z.string(),
  phone: z.string(),
  amount: z.string(),
});
type ElectricityValues = z.input<typeof electricityFields>;

function electricitySchema(input: {
  verified: VerifyResponse | null;
  minimumKobo: number | null;
  maximumKobo: number | null;
  discountBps: number;
  balanceKobo: number | undefined;
}) {
  const { verified, minimumKobo, maximumKobo } = input;
  return electricityFields.transform(({ serviceId, meterType, meterNumber, phone, amount }, ctx) => {
    const meterProblem = checkMeterForm({ meterNumber, meterType, serviceId });
    if (meterProblem !== null) return refuse(ctx, meterProblem);
    // the page verifies the meter when it is sent unverified (Enter in the meter number field)
    if (verified === null) return refuse(ctx, messages.bills.verifyFirst);
    if (verified.canVend === false) return refuse(ctx, messages.bills.cannotVend);
    if (phone.trim() === '' || amount.trim() === '') return refuse(ctx, messages.purchase.allFieldsRequired);
    if (phoneDigits(phone).length < MIN_PHONE_DIGITS) return refuse(ctx, messages.purchase.invalidPhone);
    const amountKobo = nairaOrNull(amount);
    if (amountKobo === null || amountKobo <= 0) return refuse(ctx, messages.purchase.invalidAmount);
    if (minimumKobo !== null && amountKobo < minimumKobo) {
      return refuse(ctx, `Error: ${messages.purchase.minimumAmount(formatNaira(minimumKobo))}`);
    }
    if (maximumKobo !== null && amountKobo > maximumKobo) {
      return refuse(ctx, `Error: ${messages.purchase.maximumAmount(formatNaira(maximumKobo))}`);
    }
    const payKobo = priceOfAmount(amountKobo, input.discountBps);
    if (input.balanceKobo !== undefined && input.balanceKobo < payKobo) {
      return refuse(ctx, messages.purchase.insufficientBalance);
    }
    const meter = compactNumber(meterNumber);
    const distributor = ELECTRICITY_DISTRIBUTORS.find((candidate) => candidate.id === serviceId);
    return {
      body: {
        serviceId,
        phone: phoneForServer(phone),
        billersCode: meter,
        type: meterType,
        amount: toNairaString(amountKobo),
      },
      chargeKobo: payKobo,
      faceKobo: amountKobo,
      summary: `${distributor?.label ?? serviceId} ${meterType} electricity for meter ${meter}`,
      note: `Meter owner: ${verified.customerName}`,
    };
  });
}

/** `/electricity`: verify a meter with its distributor, then buy a token (prepaid) or pay the bill (postpaid). */
export function ElectricityPage() {
  const flow = usePurchaseFlow('electricity');
  const wallet = useWallet();
  // Buy again opens the page with the distributor, meter, meter type, amount and phone
  const [searchParams] = useSearchParams();
  const { form, submitWith } = usePurchaseForm<ElectricityValues>(flow, {
    serviceId: choiceParam<string>(
      searchParams,
      buyAgainParams.disco,
      ELECTRICITY_DISTRIBUTORS.map((disco) => disco.id),
      '',
    ),
    meterType: choiceParam(searchParams, buyAgainParams.meterType, METER_TYPES, 'prepaid'),
    meterNumber: digitsParam(searchParams, buyAgainParams.meter),
    phone: digitsParam(searchParams, buyAgainParams.phone),
    amount: amountParam(searchParams),
  });
  const { field: meterTypeField } = useController({ control: form.control, name: 'meterType' });
  const { field: phoneField } = useController({ control: form.control, name: 'phone' });
  const [serviceId, meterNumber, amount] = useWatch({
    control: form.control,
    name: ['serviceId', 'meterNumber', 'amount'],
  });
  const meterType = meterTypeField.value;
  const service = useService(serviceId || undefined);

  const meter = compactNumber(meterNumber);
  const customer = useVerifiedCustomer(`${serviceId}|${meterType}|${meter}`);
  const verified = customer.verified;
  const canPay = verified !== null && verified.canVend !== false;
  const minimumKobo = verified?.minimumAmountKobo ?? service?.minimumKobo ?? null;
  const maximumKobo = verified?.maximumAmountKobo ?? service?.maximumKobo ?? null;
  const discountBps = service?.discountBps ?? 0;
  const amountKobo = amount.trim() === '' ? null : nairaOrNull(amount);
  const schema = electricitySchema({
    verified,
    minimumKobo,
    maximumKobo,
    discountBps,
    balanceKobo: wallet.data?.balanceKobo,
  });
  const submitPayment = submitWith(schema);
  const saving = useSaveNumber(flow.purchase);

  const changed = () => {
    customer.setError(null);
    flow.edited();
  };

  const runVerify = () => {
    const problem = checkMeterForm({ meterNumber, meterType, serviceId });
    if (problem !== null) {
      customer.setError(problem);
      return;
    }
    changed();
    customer.run({ serviceId, billersCode: meter, type: meterType });
  };

  const submit = (event: SyntheticEvent) => {
    if (verified === null && checkMeterForm({ meterNumber, meterType, serviceId }) === null) {
      // Enter in the meter number field: verify it, as the button would
      event.preventDefault();
      runVerify();
      return;
    }
    submitPayment(event);
  };

  return (
    <PurchasePageFrame title="Electricity">
      <PurchaseSteps
        flow={flow}
        startOverLabel="Buy more electricity"
        onStartOver={() => {
          form.setValue('amount', '');
          saving.reset();
        }}
        resultNotice={saving.notice}
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-2.5" aria-label="Pay for electricity">
          <SavedNumberPicker
            kind="meter"
            current={meterNumber}
            onPick={(saved) => {
              if (ELECTRICITY_DISTRIBUTORS.some((disco) => disco.id === saved.serviceId)) {
                form.setValue('serviceId', saved.serviceId ?? '');
              }
              form.setValue('meterNumber', saved.number);
              // a meter saved before its type was kept leaves the choice to the customer
              if (saved.meterType) form.setValue('meterType', saved.meterType);
              changed();
            }}
          />
          <Select label="Distributor" {...form.register('serviceId', { onChange: changed })}>
            <option value="">Choose your distributor</option>
            {ELECTRICITY_DISTRIBUTORS.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </Select>
          <MeterTypeChoice
            legend="Meter type"
            value={meterType}
            onChange={(type) => {
              meterTypeField.onChange(type);
              changed();
            }}
          />
          <Input
            label="Meter number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 1111111111111"
            {...form.register('meterNumber', { onChange: changed })}
          />
          {verified === null ? (
            <VerifyButton isBusy={customer.isPending} onClick={runVerify}>
              {electricityTexts.verify}
            </VerifyButton>
          ) : null}
          <StatusMessage message={customer.error} tone="error" />
          {verified !== null ? (
            <VerifiedCustomer
              title={electricityTexts.verifiedTitle}
              rows={[
                ['Customer name', verified.customerName],
                ['Address', verified.address],
                ['Meter type', meterTypeLabels[meterType]],
                ['Minimum amount', minimumKobo !== null ? formatNaira(minimumKobo) : null],
                ['Account type', verified.accountType],
              ]}
            >
              {verified.canVend === false ? (
                <StatusMessage message={messages.bills.cannotVend} tone="error" />
              ) : null}
            </VerifiedCustomer>
          ) : null}
          {canPay ? (
            <>
              <PhoneInput
                value={phoneField.value}
                onChange={(next) => {
                  phoneField.onChange(next);
                  flow.edited();
                }}
                network={detectNetwork(phoneField.value)}
              />
              <Input
                label="Amount (NGN)"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder={minimumKobo !== null ? `At least ${formatNaira(minimumKobo)}` : 'e.g. 5000'}
                hint={
                  minimumKobo !== null
                    ? electricityTexts.limits(
                        formatNaira(minimumKobo),
                        maximumKobo !== null ? formatNaira(maximumKobo) : null,
                      )
                    : undefined
                }
                {...form.register('amount', { onChange: flow.edited })}
              />
              <DiscountLine
                faceKobo={amountKobo}
                payKobo={amountKobo === null ? null : priceOfAmount(amountKobo, discountBps)}
                bps={discountBps}
              />
              <SaveNumberOption saving={saving} kind="meter" number={meterNumber} />
            </>
          ) : null}
          <FormSubmit
            flow={flow}
            label={electricityTexts.submit}
            hasButton={canPay}
            payKobo={amountKobo === null ? null : priceOfAmount(amountKobo, discountBps)}
          />
        </form>
      </PurchaseSteps>
    </PurchasePageFrame>
  );
}
