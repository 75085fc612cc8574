import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { MANUAL_FUNDING_CHARGE_KOBO, MANUAL_FUNDING_MAX_KOBO } from '@quickvend/shared/services';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { ConfirmEmailNotice } from '@/components/account/confirm-email-notice.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { useSession } from '@/lib/session.ts';
import { useCreateManualFunding } from '../api/create-manual-funding.ts';
import { useManualFundings } from '../api/get-manual-fundings.ts';
import { nairaAmountField } from './amount.ts';
import { FundingSection } from './funding-section.tsx';

const fieldNames = ['depositorName', 'bankName', 'amount'] as const;

const manualFormSchema = (chargeKobo: number) =>
  z.object({
    depositorName: z.string().trim().min(1, 'Enter the name the deposit was made in.').max(100),
    bankName: z.string().trim().min(1, 'Enter the bank the deposit was made at.').max(100),
    amount: nairaAmountField({
      requiredMessage: 'Enter the amount you deposited.',
      above: { kobo: chargeKobo, message: messages.funding.manualChargeAbove(chargeKobo) },
      atMost: {
        kobo: MANUAL_FUNDING_MAX_KOBO,
        message: messages.funding.manualAmountAtMost(MANUAL_FUNDING_MAX_KOBO),
      },
    }),
  });

export const chargeNotice = (chargeKobo: number) =>
  `A charge of ${formatNaira(chargeKobo)} applies to every manual deposit; we credit the amount less the charge once an admin confirms it.`;

const requestStatus: Record<ManualFundingRequest['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'error' },
};

function ManualRequestItem({ request }: { request: ManualFundingRequest }) {
  const status = requestStatus[request.status];
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-gray-200 px-3 py-2.5">
      <div className="flex items-center justify-between gap-2">
        <span className="text-base font-bold tabular-nums text-gray-900">
          {formatNaira(request.amountKobo)}
        </span>
        <StatusBadge label={status.label} tone={status.tone} />
      </div>
      <p className="text-sm text-gray-700">
        Credit after charge:{' '}
        <span className="font-semibold tabular-nums">{formatNaira(request.creditKobo)}</span>
      </p>
      <p className="text-xs text-gray-600">
        {request.depositorName} · {request.bankName} · {formatLagosDateTime(request.createdAt)}
      </p>
      {request.status === 'rejected' && request.reason ? (
        <p className="text-sm text-red-800">Reason: {request.reason}</p>
      ) : null}
    </li>
  );
}

function ManualRequestList() {
  const requests = useManualFundings();
  if (requests.isPending) return <SkeletonList rows={2} />;
  if (requests.isError) return <StatusMessage message={`Error: ${requests.error.message}`} tone="error" />;
  if (requests.data.requests.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-bold text-gray-900">Your manual deposits</h3>
      <ul className="flex flex-col gap-2">
        {requests.data.requests.map((request) => (
          <ManualRequestItem key={request.id} request={request} />
        ))}
      </ul>
    </div>
  );
}

export const NO_DEPOSIT_ACCOUNT =
  'Ask our support team which account to pay into before you deposit: it is not shown here yet.';

/** Where to pay: the business's account, as configured on the server, with the number ready to copy. */
function DepositAccountCard() {
  const fundings = useManualFundings();
  if (fundings.isPending) return <SkeletonList rows={1} />;
  const account = fundings.data?.depositAccount ?? null;
  if (!account) return <p className="text-sm text-gray-700">{NO_DEPOSIT_ACCOUNT}</p>;
  return (
    <section
      aria-label="Account to pay into"
      className="rounded-xl border border-brand-100 bg-brand-50 px-3 py-3"
    >
      <h3 className="text-sm font-semibold text-brand-900">Pay into this account</h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-gray-700">Bank</dt>
        <dd className="font-semibold text-gray-900">{account.bankName}</dd>
        <dt className="text-gray-700">Account name</dt>
        <dd className="font-semibold text-gray-900">{account.accountName}</dd>
        <dt className="text-gray-700">Account number</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-bold tracking-wider text-gray-900 tabular-nums">
            {account.accountNumber}
          </span>
          <CopyButton text={account.accountNumber} what="account number" />
        </dd>
      </dl>
    </section>
  );
}

/**
 * A deposit made at a bank or by transfer to the company: an admin checks it and credits the wallet, less the
 * charge an admin set (the spec's NGN 50 until the server says).
 */
export function ManualFundingSection({ chargeKobo = MANUAL_FUNDING_CHARGE_KOBO }: { chargeKobo?: number }) {
  const schema = useMemo(() => manualFormSchema(chargeKobo), [chargeKobo]);
  const createRequest = useCreateManualFunding();
  const isConfirmed = useSession().data?.emailConfirmed ?? false;
  const [status, setStatus] = useState<{ text: string; tone: StatusTone } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { depositorName: '', bankName: '', amount: '' },
  });

  const submit = handleSubmit(async (values) => {
    if (createRequest.isPending) return;
    setStatus(null);
    try {
      const { request } = await createRequest.mutateAsync(values);
      reset();
      setStatus({
        text: `Request received. We will credit ${formatNaira(request.creditKobo)} once an admin confirms your deposit.`,
        tone: 'success',
      });
    } catch (error) {
      const text = showServerError(error, fieldNames, setError);
      setStatus(text === null ? null : { text, tone: 'error' });
    }
  });

  return (
    <FundingSection
      id="manual"
      title="Manual funding"
      intro="Paid into our bank account at a branch or from another bank? Tell us the details and an admin will confirm it."
    >
      <DepositAccountCard />
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
        {chargeNotice(chargeKobo)}
      </p>
      {isConfirmed ? (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
          <Input
            label="Depositor name"
            autoComplete="name"
            required
            {...register('depositorName')}
            error={errors.depositorName?.message}
          />
          <Input
            label="Bank name"
            autoComplete="off"
            required
            {...register('bankName')}
            error={errors.bankName?.message}
          />
          <Input
            label="Amount (NGN)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 10,000"
            hint={`Up to ${formatNaira(MANUAL_FUNDING_MAX_KOBO)} for each deposit.`}
            required
            {...register('amount')}
            error={errors.amount?.message}
          />
          <StatusMessage message={status?.text} tone={status?.tone} />
          <Button
            type="submit"
            fullWidth
            isBusy={createRequest.isPending}
            busyLabel={messages.purchase.processing}
          >
            Submit
          </Button>
        </form>
      ) : (
        <ConfirmEmailNotice />
      )}
      <ManualRequestList />
    </FundingSection>
  );
}
