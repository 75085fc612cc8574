import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { updateSettingBody, type AdminSetting } from '@quickvend/shared/api/admin-money';
import { messages } from '@quickvend/shared/messages';
import { AmountError, formatNaira, parseNaira, toNairaString } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { StatusTone } from '@/components/ui/status-message.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { useRequestSettingChange } from '../api/request-setting-change.ts';
import { settingLabels } from '@/components/admin/setting-labels.ts';

const fieldNames = ['amount', 'reason'] as const;

const formSchema = (minKobo: number, maxKobo: number) =>
  z.object({
    amount: z
      .string()
      .trim()
      .min(1, 'Enter an amount.')
      .superRefine((value, context) => {
        try {
          const amountKobo = parseNaira(value);
          if (amountKobo < minKobo || amountKobo > maxKobo)
            context.addIssue({
              code: 'custom',
              message: `Enter an amount from ${formatNaira(minKobo)} to ${formatNaira(maxKobo)}.`,
            });
        } catch (error) {
          if (!(error instanceof AmountError)) throw error;
          context.addIssue({ code: 'custom', message: error.message });
        }
      }),
    reason: updateSettingBody.shape.reason,
  });

/** Asks for a new value with a reason; a second admin must approve it before it takes effect. */
export function SettingChangeForm({
  setting,
  onDone,
  onCancel,
}: {
  setting: AdminSetting;
  onDone: (outcome: { text: string; tone: StatusTone }) => void;
  onCancel: () => void;
}) {
  const request = useRequestSettingChange();
  const { title } = settingLabels[setting.key];
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema(setting.minKobo, setting.maxKobo)),
    defaultValues: { amount: toNairaString(setting.valueKobo), reason: '' },
  });

  useEffect(() => {
    setFocus('amount', { shouldSelect: true });
  }, [setFocus]);

  const submit = handleSubmit(async (values) => {
    if (request.isPending) return;
    try {
      const { setting: asked } = await request.mutateAsync({ key: setting.key, body: values });
      const newKobo = asked.pending?.valueKobo ?? parseNaira(values.amount);
      onDone({
        text: `Sent to a second admin: ${title} from ${formatNaira(setting.valueKobo)} to ${formatNaira(newKobo)}. It changes once another admin approves it.`,
        tone: 'info',
      });
    } catch (error) {
      const text = showServerError(error, fieldNames, setError);
      if (text !== null) onDone({ text, tone: 'error' });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
        A second admin must approve this change before it takes effect. Until then the value stays{' '}
        {formatNaira(setting.valueKobo)}.
      </p>
      <Input
        label={`New amount for "${title.toLowerCase()}" (₦)`}
        inputMode="decimal"
        autoComplete="off"
        hint={`From ${formatNaira(setting.minKobo)} to ${formatNaira(setting.maxKobo)}.`}
        {...register('amount')}
        error={errors.amount?.message}
      />
      <Input
        label="Why change it?"
        autoComplete="off"
        hint="Kept in the audit log, and shown to the admin who approves it."
        {...register('reason')}
        error={errors.reason?.message}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={request.isPending} busyLabel={messages.purchase.processing}>
          Ask a second admin
        </Button>
        <Button variant="text" disabled={request.isPending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
