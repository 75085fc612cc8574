import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { saveServiceRouteBody, type ServiceRouteView } from '@quickvend/shared/api/admin-routing';
import { messages } from '@quickvend/shared/messages';
import { BILLS_PROVIDER_LABELS, isBillsProviderName } from '@quickvend/shared/providers';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import type { StatusTone } from '@/components/ui/status-message.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { useSaveServiceRoute } from '../api/save-service-route.ts';
import { routeInWords } from './route-words.ts';

const NONE = '';
const fieldNames = ['primary', 'fallback', 'reason'] as const;

const formSchema = z
  .object({ primary: z.string(), fallback: z.string(), reason: saveServiceRouteBody.shape.reason })
  .refine((form) => form.primary !== NONE || form.fallback === NONE, {
    path: ['fallback'],
    message: 'Choose a first provider before a fallback.',
  })
  .refine((form) => form.fallback === NONE || form.fallback !== form.primary, {
    path: ['fallback'],
    message: 'The fallback must be another provider.',
  });

const providerOf = (value: string) => (isBillsProviderName(value) ? value : null);

/** Chooses a service's first provider and fallback (or neither: it stops selling), with a reason. */
export function RouteForm({
  service,
  onDone,
  onCancel,
}: {
  service: ServiceRouteView;
  onDone: (outcome: { text: string; tone: StatusTone }) => void;
  onCancel: () => void;
}) {
  const save = useSaveServiceRoute();
  const sellers = service.providers.filter((provider) => provider.offers).map((p) => p.provider);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { primary: service.primary ?? NONE, fallback: service.fallback ?? NONE, reason: '' },
  });

  useEffect(() => {
    setFocus('primary');
  }, [setFocus]);

  const submit = handleSubmit(async (values) => {
    if (save.isPending) return;
    try {
      const { service: saved } = await save.mutateAsync({
        serviceId: service.serviceId,
        primary: providerOf(values.primary),
        fallback: providerOf(values.fallback),
        reason: values.reason,
      });
      onDone({
        text: saved.primary
          ? `Saved: ${saved.name} is sold by ${routeInWords(saved)}.`
          : `Saved: ${saved.name} is not sold until you choose a provider again.`,
        tone: 'success',
      });
    } catch (error) {
      const text = showServerError(error, fieldNames, setError);
      if (text !== null) onDone({ text, tone: 'error' });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <Select label="First provider" {...register('primary')} error={errors.primary?.message}>
        {sellers.map((provider) => (
          <option key={provider} value={provider}>
            {BILLS_PROVIDER_LABELS[provider]}
          </option>
        ))}
        <option value={NONE}>Nobody: stop selling it</option>
      </Select>
      <Select
        label="Fallback"
        hint="Used only when the first provider says a purchase failed, never when it is slow or unsure."
        {...register('fallback')}
        error={errors.fallback?.message}
      >
        <option value={NONE}>No fallback</option>
        {sellers.map((provider) => (
          <option key={provider} value={provider}>
            {BILLS_PROVIDER_LABELS[provider]}
          </option>
        ))}
      </Select>
      <Input
        label="Why change it?"
        autoComplete="off"
        hint="Kept in the audit log."
        {...register('reason')}
        error={errors.reason?.message}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={save.isPending} busyLabel={messages.purchase.processing}>
          Save
        </Button>
        <Button variant="text" disabled={save.isPending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
