import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '../ui/button.tsx';
import { TextArea } from '../ui/text-area.tsx';

type ReasonFormProps = {
  /** the form's name, for screen readers */
  label: string;
  /** what will happen, said before the reason is asked */
  intro: ReactNode;
  fieldLabel: string;
  hint: string;
  /** the reason's rule, from the request body's shared schema */
  rule: z.ZodType<string, string>;
  submitLabel: string;
  variant?: 'primary' | 'danger';
  isBusy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
};

/** An admin action that must say why before it runs: the reason, checked, then confirm or cancel. */
export function ReasonForm({
  label,
  intro,
  fieldLabel,
  hint,
  rule,
  submitLabel,
  variant = 'primary',
  isBusy,
  onSubmit,
  onCancel,
}: ReasonFormProps) {
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(z.object({ reason: rule })),
    defaultValues: { reason: '' },
  });
  const { setFocus } = form;
  useEffect(() => {
    setFocus('reason');
  }, [setFocus]);
  const submit = form.handleSubmit(({ reason }) => {
    onSubmit(reason);
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={label}
      className={`flex flex-col gap-3 rounded-xl border p-4 ${
        variant === 'danger' ? 'border-red-200 bg-red-50' : 'border-gray-200 bg-gray-50'
      }`}
    >
      <div className="text-sm text-gray-900">{intro}</div>
      <TextArea
        label={fieldLabel}
        hint={hint}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={variant} isBusy={isBusy} busyLabel="Processing...">
          {submitLabel}
        </Button>
        <Button variant="text" disabled={isBusy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
