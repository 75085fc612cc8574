import { useState, type SyntheticEvent } from 'react';
import { applyDiscount, checkMeterForm, compactNumber } from '@quickvend/shared/bills';
import { AmountError, formatNaira, parseNaira, toNairaString, kobo } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { detectNetwork } from '@quickvend/shared/phone';
import { ELECTRICITY_DISTRIBUTORS, METER_TYPES } from '@quickvend/shared/services';
import { Input } from '@/components/ui/input.tsx';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useService } from '@/lib/api/get-services.ts';
import { phoneDigits, phoneForServer } from '@/lib/phone.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { useVerifiedCustomer } from '../api/verify-customer.ts';
import { BillTables } from './bill-tables.tsx';
import { DiscountLine, VerifiedCustomer, VerifyButton } from './bill-parts.tsx';
import { FormSubmit, PurchasePageFrame, PurchaseSteps } from './purchase-page-frame.tsx';
import { formError, usePurchaseFlow, type FormCheck } from './use-purchase-flow.ts';

type MeterType = (typeof METER_TYPES)[number];

const MIN_PHONE_DIGITS = 10;

const meterTypeLabels: Record<MeterType, string> = { prepaid: 'Prepaid', postpaid: 'Postpaid' };

export const electricityTexts = {
  verify: 'Verify Meter Number',
  verifiedTitle: 'Meter verified',
  submit: 'Buy electricity',
  limits: (minimum: string, maximum: string | null) =>
    maximum ? `From ${minimum} to ${maximum}.` : `From ${minimum}.`,
} as const;

function checkPayment(input: {
  serviceId: string;
  meterType: MeterType;
  meter: string;
  phone: string;
  amount: string;
  distributor: string;
  customerName: string;
  minimumKobo: number | null;
  maximumKobo: number | null;
  discountBps: number;
  balanceKobo: number | undefined;
}): FormCheck {
  if (input.phone.trim() === '' || input.amount.trim() === '')
    return formError(messages.purchase.allFieldsRequired);
  if (phoneDigits(input.phone).length < MIN_PHONE_DIGITS) return formError(messages.purchase.invalidPhone);
  let amountKobo: number;
  try {
    amountKobo = parseNaira(input.amount);
  } catch (problem) {
    if (!(problem instanceof AmountError)) throw problem;
    return formError(messages.purchase.invalidAmount);
  }
  if (amountKobo <= 0) return formError(messages.purchase.invalidAmount);
  if (input.minimumKobo !== null && amountKobo < input.minimumKobo)
    return formError(`Error: ${messages.purchase.minimumAmount(formatNaira(input.minimumKobo))}`);
  if (input.maximumKobo !== null && amountKobo > input.maximumKobo)
    return formError(`Error: ${messages.purchase.maximumAmount(formatNaira(input.maximumKobo))}`);
  const { chargedKobo: payKobo } = applyDiscount(kobo(amountKobo), input.discountBps);
  if (input.balanceKobo !== undefined && input.balanceKobo < payKobo)
    return formError(messages.purchase.insufficientBalance, { canFundWallet: true });
  return {
    draft: {
      body: {
        serviceId: input.serviceId,
        phone: phoneForServer(input.phone),
        billersCode: input.meter,
        type: input.meterType,
        amount: toNairaString(amountKobo),
      },
      chargeKobo: payKobo,
      faceKobo: amountKobo,
      summary: `${input.distributor} ${input.meterType} electricity for meter ${input.meter}`,
      note: `Meter owner: ${input.customerName}`,
    },
  };
}

/** `/electricity`: verify a meter with its distributor, then buy a token (prepaid) or pay the bill (postpaid). */
export function ElectricityPage() {
  const flow = usePurchaseFlow('electricity');
  const wallet = useWallet();
  const [serviceId, setServiceId] = useState('');
  const [meterType, setMeterType] = useState<MeterType>('prepaid');
  const [meterNumber, setMeterNumber] = useState('');
  const [phone, setPhone] = useState('');
  const [amount, setAmount] = useState('');
  const service = useService(serviceId || undefined);
  const distributor = ELECTRICITY_DISTRIBUTORS.find((candidate) => candidate.id === serviceId);

  const meter = compactNumber(meterNumber);
  const customer = useVerifiedCustomer(`${serviceId}|${meterType}|${meter}`);
  const verified = customer.verified;
  const canPay = verified !== null && verified.canVend !== false;
  const minimumKobo = verified?.minimumAmountKobo ?? service?.minimumKobo ?? null;
  const maximumKobo = verified?.maximumAmountKobo ?? service?.maximumKobo ?? null;
  const discountBps = service?.discountBps ?? 0;
  const amountKobo = (() => {
    try {
      return amount.trim() === '' ? null : parseNaira(amount);
    } catch {
      return null;
    }
  })();

  const changed = () => {
    customer.setError(null);
    flow.setFormStatus(null);
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
    event.preventDefault();
    const meterProblem = checkMeterForm({ meterNumber, meterType, serviceId });
    if (meterProblem !== null) {
      flow.setFormStatus({ text: meterProblem, tone: 'error' });
      return;
    }
    if (verified === null) {
      // Enter in the meter number field: verify it, as the button would
      runVerify();
      return;
    }
    if (verified.canVend === false) {
      flow.setFormStatus({ text: messages.bills.cannotVend, tone: 'error' });
      return;
    }
    const check = checkPayment({
      serviceId,
      meterType,
      meter,
      phone,
      amount,
      distributor: distributor?.label ?? serviceId,
      customerName: verified.customerName,
      minimumKobo,
      maximumKobo,
      discountBps,
      balanceKobo: wallet.data?.balanceKobo,
    });
    flow.proceed(check);
  };

  return (
    <PurchasePageFrame title="Electricity">
      <PurchaseSteps
        flow={flow}
        startOverLabel="Buy more electricity"
        onStartOver={() => {
          setAmount('');
        }}
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-2.5" aria-label="Pay for electricity">
          <Select
            label="Distributor"
            value={serviceId}
            onChange={(event) => {
              setServiceId(event.target.value);
              changed();
            }}
          >
            <option value="">Choose your distributor</option>
            {ELECTRICITY_DISTRIBUTORS.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </Select>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold text-gray-900">Meter type</legend>
            <div className="grid grid-cols-2 gap-2">
              {METER_TYPES.map((type) => (
                <label
                  key={type}
                  className={`flex min-h-11 cursor-pointer items-center justify-center rounded-lg border-2 text-sm font-bold has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
                    meterType === type
                      ? 'border-brand-700 bg-brand-50 text-brand-900'
                      : 'border-gray-200 bg-white text-gray-900 hover:border-brand-600'
                  }`}
                >
                  <input
                    type="radio"
                    name="meter-type"
                    value={type}
                    checked={meterType === type}
                    onChange={() => {
                      setMeterType(type);
                      changed();
                    }}
                    className="sr-only"
                  />
                  {meterTypeLabels[type]}
                </label>
              ))}
            </div>
          </fieldset>
          <Input
            label="Meter number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 1111111111111"
            value={meterNumber}
            onChange={(event) => {
              setMeterNumber(event.target.value);
              changed();
            }}
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
                value={phone}
                onChange={(next) => {
                  setPhone(next);
                  flow.setFormStatus(null);
                }}
                network={detectNetwork(phone)}
              />
              <Input
                label="Amount (NGN)"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder={minimumKobo !== null ? `At least ${formatNaira(minimumKobo)}` : 'e.g. 5000'}
                value={amount}
                hint={
                  minimumKobo !== null
                    ? electricityTexts.limits(
                        formatNaira(minimumKobo),
                        maximumKobo !== null ? formatNaira(maximumKobo) : null,
                      )
                    : undefined
                }
                onChange={(event) => {
                  setAmount(event.target.value);
                  flow.setFormStatus(null);
                }}
              />
              <DiscountLine faceKobo={amountKobo} bps={discountBps} />
            </>
          ) : null}
          <FormSubmit flow={flow} label={electricityTexts.submit} hasButton={canPay} />
        </form>
      </PurchaseSteps>
      <BillTables />
    </PurchasePageFrame>
  );
}
