import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@/lib/router/index.ts';
import { z } from 'zod';
import { walletAdjustmentBody } from '@quickvend/shared/api/admin-money';
import { messages } from '@quickvend/shared/messages';
import { AmountError, formatNaira, parseNaira } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { useAdjustWallet } from '../api/adjust-wallet.ts';
import { useApprovals } from '@/lib/api/admin/get-approvals.ts';
import { ApprovalActions, type Outcome } from '@/components/admin/approval-actions.tsx';
import { kindLabel } from '@/components/admin/approval-labels.ts';

const fieldNames = ['amount', 'reason'] as const;

const formSchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: z
    .string()
    .trim()
    .min(1, 'Enter an amount.')
    .superRefine((value, context) => {
      try {
        if (parseNaira(value) <= 0)
          context.addIssue({ code: 'custom', message: 'Enter an amount above ₦0.00.' });
      } catch (error) {
        if (!(error instanceof AmountError)) throw error;
        context.addIssue({ code: 'custom', message: error.message });
      }
    }),
  reason: walletAdjustmentBody.shape.reason,
});

/** This user's credits and debits waiting for a second admin. */
function WaitingAdjustments({ userId }: { userId: string }) {
  const waiting = useApprovals({ status: 'pending', targetId: userId });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const rows = waiting.data?.approvals.filter((approval) => approval.kind === 'wallet.adjustment') ?? [];
  if (rows.length === 0 && !outcome) return null;
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-bold text-gray-900">Waiting for a second admin</h4>
      <StatusMessage message={outcome?.text} tone={outcome?.tone} />
      <ul className="flex flex-col gap-2">
        {rows.map((approval) => (
          <li
            key={approval.id}
            className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
          >
            <p className="text-sm text-gray-900">
              <span className="font-semibold">
                {kindLabel(approval)} of {formatNaira(approval.amountKobo ?? 0)}
              </span>{' '}
              asked by {approval.requestedBy.name}: {approval.reason}
            </p>
            <ApprovalActions approval={approval} onDone={setOutcome} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Credit or debit wallet", on the user's page: made at once while the admin's own credits and debits over 24
 * hours stay within the limits, sent to a second admin past one (the server says which). A debit never takes
 * the wallet below zero.
 */
export function WalletAdjustmentForm({
  userId,
  name,
  balanceKobo,
}: {
  userId: string;
  name: string;
  balanceKobo: number;
}) {
  const adjust = useAdjustWallet();
  const [status, setStatus] = useState<{ text: string; tone: StatusTone; isWaiting?: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { direction: 'credit' as 'credit' | 'debit', amount: '', reason: '' },
  });
  const direction = useWatch({ control, name: 'direction' });

  const submit = handleSubmit(async (values) => {
    if (adjust.isPending) return;
    setStatus(null);
    try {
      const outcome = await adjust.mutateAsync({ userId, body: values });
      reset({ direction: values.direction, amount: '', reason: '' });
      if (outcome.status === 'applied') {
        const { adjustment } = outcome;
        const verb = adjustment.direction === 'credit' ? 'Credited' : 'Debited';
        setStatus({
          text: `${verb} ${formatNaira(adjustment.amountKobo)}. ${name}'s balance is now ${formatNaira(adjustment.balanceAfterKobo)}.`,
          tone: 'success',
        });
      } else {
        setStatus({ text: outcome.why, tone: 'info', isWaiting: true });
      }
    } catch (error) {
      const text = showServerError(error, fieldNames, setError);
      setStatus(text === null ? null : { text, tone: 'error' });
    }
  });

  return (
    <div className="flex flex-col gap-3 border-t border-gray-200 pt-4">
      <h3 className="text-base font-bold text-gray-900">Credit or debit wallet</h3>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-semibold text-gray-900">
            Credit adds money; debit takes it out
          </legend>
          <div className="flex gap-2">
            {(['credit', 'debit'] as const).map((value) => (
              <label
                key={value}
                className={`flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 text-sm font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${
                  direction === value
                    ? value === 'credit'
                      ? 'border-green-700 bg-green-50 text-green-900'
                      : 'border-red-700 bg-red-50 text-red-900'
                    : 'border-gray-400 bg-white text-gray-800'
                }`}
              >
                <input type="radio" value={value} className="sr-only" {...register('direction')} />
                {value === 'credit' ? 'Credit' : 'Debit'}
              </label>
            ))}
          </div>
        </fieldset>
        <Input
          label="Amount (₦)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 5,000"
          hint={direction === 'debit' ? `The wallet holds ${formatNaira(balanceKobo)}.` : undefined}
          {...register('amount')}
          error={errors.amount?.message}
        />
        <Input
          label="Reason"
          autoComplete="off"
          hint="Kept in the audit log, and shown to the admin who approves it."
          {...register('reason')}
          error={errors.reason?.message}
        />
        <Button
          type="submit"
          variant={direction === 'debit' ? 'danger' : 'primary'}
          isBusy={adjust.isPending}
          busyLabel={messages.purchase.processing}
        >
          {direction === 'debit' ? 'Debit wallet' : 'Credit wallet'}
        </Button>
      </form>
      <StatusMessage message={status?.text} tone={status?.tone} />
      {status?.isWaiting ? (
        <Link to={paths.adminApprovals} className="text-sm font-semibold text-brand-800 underline">
          See the approvals waiting
        </Link>
      ) : null}
      <WaitingAdjustments userId={userId} />
    </div>
  );
}
