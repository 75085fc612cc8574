import { useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { apiKeyLimitMessages, MAX_DAILY_LIMIT_KOBO, type ApiKey } from '@quickvend/shared/api/api-keys';
import { pinDigits } from '@quickvend/shared/api/pin';
import { SERVICE_CATALOGUE } from '@quickvend/shared/catalog';
import { formatNaira, parseNaira, toNairaString, type Kobo } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { describePinError } from '@/lib/pin-errors.ts';
import { useUpdateApiKeyLimits } from '../api/update-api-key-limits.ts';

export const keyLimitTexts = {
  limitHint: 'Optional: the most this key may spend in one day (Lagos time). Leave it empty for no limit.',
  servicesHint: 'Tick what this key may buy. Tick nothing to allow everything.',
  noLimit: 'No limit',
  allServices: 'All services',
  spentToday: (spent: string, limit: string | null) =>
    limit === null ? `${spent} today` : `${spent} of ${limit} today`,
  saved: 'Limits saved.',
} as const;

const KIND_TITLES = {
  airtime: 'Airtime',
  data: 'Data',
  tv: 'Cable TV',
  electricity: 'Electricity',
  education: 'Exam PINs',
} as const;

const byKind = Object.entries(KIND_TITLES).map(([kind, title]) => ({
  kind,
  title,
  services: SERVICE_CATALOGUE.filter((service) => service.kind === kind),
}));

/** The daily limit as typed, in naira: empty is no limit. */
export const dailyLimitText = z
  .string()
  .trim()
  .transform((text, context): Kobo | null => {
    if (text === '') return null;
    try {
      const amount = parseNaira(text);
      if (amount >= 100 && amount <= MAX_DAILY_LIMIT_KOBO) return amount;
    } catch {
      // answered below
    }
    context.addIssue({ code: 'custom', message: apiKeyLimitMessages.badLimit });
    return z.NEVER;
  });

/** Ticked boxes: react-hook-form gives false for none, a string for one and an array for more. */
export const allowedServicesBoxes = z
  .union([z.array(z.string()), z.string(), z.literal(false)])
  .transform((value) => (value === false ? [] : Array.isArray(value) ? value : [value]));

export type LimitFieldValues = { dailyLimit: string; allowedServices: string[] | string | false };

/** The daily limit and the services, in the new-key form and the edit form. */
export function KeyLimitFields({
  register,
  errors,
  idPrefix,
}: {
  register: UseFormRegister<LimitFieldValues>;
  errors: FieldErrors<LimitFieldValues>;
  idPrefix: string;
}) {
  return (
    <>
      <Input
        label="Daily limit (₦)"
        inputMode="decimal"
        placeholder="e.g. 50000"
        autoComplete="off"
        hint={keyLimitTexts.limitHint}
        {...register('dailyLimit')}
        error={errors.dailyLimit?.message}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-gray-900">Allowed services</legend>
        <p className="text-sm text-gray-700">{keyLimitTexts.servicesHint}</p>
        {byKind.map((group) => (
          <div key={group.kind} role="group" aria-label={group.title}>
            <p className="text-xs font-semibold text-gray-700 uppercase">{group.title}</p>
            <div className="grid grid-cols-2 gap-x-2">
              {group.services.map((service) => (
                <label
                  key={service.id}
                  htmlFor={`${idPrefix}-${service.id}`}
                  className="flex min-h-11 items-center gap-2 text-sm text-gray-900"
                >
                  <input
                    id={`${idPrefix}-${service.id}`}
                    type="checkbox"
                    value={service.id}
                    className="h-5 w-5 shrink-0 accent-brand-700"
                    {...register('allowedServices')}
                  />
                  {service.name}
                </label>
              ))}
            </div>
          </div>
        ))}
      </fieldset>
    </>
  );
}

const serviceName = (id: string) => SERVICE_CATALOGUE.find((service) => service.id === id)?.name ?? id;

/** A key's limits in the list: daily limit with today's spend, and its services. */
export function KeyLimitsSummary({ apiKey }: { apiKey: ApiKey }) {
  const limit = apiKey.dailyLimitKobo === null ? null : formatNaira(apiKey.dailyLimitKobo);
  return (
    <>
      <dt>Daily limit</dt>
      <dd>{limit ?? keyLimitTexts.noLimit}</dd>
      <dt>Spent</dt>
      <dd>{keyLimitTexts.spentToday(formatNaira(apiKey.spentTodayKobo), limit)}</dd>
      <dt>Services</dt>
      <dd className="min-w-0 wrap-anywhere">
        {apiKey.allowedServices.length > 0
          ? apiKey.allowedServices.map(serviceName).join(', ')
          : keyLimitTexts.allServices}
      </dd>
    </>
  );
}

const confirmFields = { password: z.string().min(1, 'Enter your password.') };
const editFields = { dailyLimit: dailyLimitText, allowedServices: allowedServicesBoxes, ...confirmFields };
const editWithPin = z.object({ ...editFields, pin: pinDigits });
const editWithoutPin = z.object({ ...editFields, pin: z.string() });
const editFormFields = ['dailyLimit', 'allowedServices', 'password', 'pin'] as const;

/** Changing a key's limits asks for the password and PIN, as making a key does: wider limits widen a stolen key. */
export function EditKeyLimitsForm({
  apiKey,
  hasPin,
  onDone,
}: {
  apiKey: ApiKey;
  hasPin: boolean;
  onDone: () => void;
}) {
  const update = useUpdateApiKeyLimits();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    setError: setFieldError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(hasPin ? editWithPin : editWithoutPin),
    defaultValues: {
      dailyLimit: apiKey.dailyLimitKobo === null ? '' : toNairaString(apiKey.dailyLimitKobo),
      allowedServices: [...apiKey.allowedServices],
      password: '',
      pin: '',
    },
  });

  const onSubmit = handleSubmit(async ({ pin, dailyLimit, allowedServices, password }) => {
    setError(null);
    try {
      await update.mutateAsync({
        id: apiKey.id,
        body: { dailyLimitKobo: dailyLimit, allowedServices, password, ...(hasPin && { pin }) },
      });
      onDone();
    } catch (cause) {
      const pinError = describePinError(cause);
      if (pinError) {
        resetField('pin');
        setError(pinError);
        return;
      }
      const text = showServerError(cause, editFormFields, setFieldError, 'Could not save the limits.');
      if (text !== null) setError(text);
    }
  });

  return (
    <form
      noValidate
      aria-label={`Limits of ${apiKey.name}`}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-1 rounded-lg bg-gray-50 p-2"
    >
      <KeyLimitFields
        register={register as unknown as UseFormRegister<LimitFieldValues>}
        errors={errors}
        idPrefix={`limits-${apiKey.id}`}
      />
      <div className={hasPin ? 'grid grid-cols-[1fr_7rem] gap-2' : 'flex flex-col'}>
        <Input
          label="Your password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={errors.password?.message}
        />
        {hasPin ? (
          <Input
            label="Your PIN"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            {...register('pin')}
            error={errors.pin?.message}
          />
        ) : null}
      </div>
      <StatusMessage message={error} tone="error" />
      <div className="flex gap-2">
        <Button type="submit" isBusy={update.isPending} busyLabel="Saving...">
          Save limits
        </Button>
        <Button variant="text" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
