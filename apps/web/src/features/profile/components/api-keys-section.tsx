import { useState } from 'react';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  allowedIpsText,
  apiKeyName,
  createApiKeyBody,
  keyMode,
  type ApiKey,
  type KeyMode,
} from '@quickvend/shared/api/api-keys';
import { pinDigits } from '@quickvend/shared/api/pin';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton, SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { TextArea } from '@/components/ui/text-area.tsx';
import { usePinStatus } from '@/lib/api/get-pin-status.ts';
import { showServerError } from '@/lib/form-errors.ts';
import { describePinError } from '@/lib/pin-errors.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { KeyModeBadge, KeyModeField } from './key-mode-field.tsx';
import {
  allowedServicesBoxes,
  dailyLimitText,
  EditKeyLimitsForm,
  KeyLimitFields,
  KeyLimitsSummary,
  type LimitFieldValues,
} from './api-key-limits.tsx';

export const apiKeyTexts = {
  onceWarning: 'Copy this key now and keep it somewhere safe. It will not be shown again.',
  copied: 'Key copied to clipboard!',
  copyFailed: 'Copy failed: select the key and copy it by hand.',
  revokeQuestion: (name: string) =>
    `Revoke “${name}”? Apps using it stop working at once. This cannot be undone.`,
  empty: 'No API keys yet.',
  confirm: 'A key can buy from your wallet without your PIN, so confirm it is you.',
  addressesHint:
    'Optional: the key will work only from these internet addresses, such as 203.0.113.7 or the range ' +
    '203.0.113.0/24, separated by commas or new lines. Leave it empty to allow any address.',
  anyAddress: 'Any address',
} as const;

const keyFields = {
  name: apiKeyName,
  mode: keyMode,
  allowedIps: allowedIpsText,
  dailyLimit: dailyLimitText,
  allowedServices: allowedServicesBoxes,
  password: createApiKeyBody.shape.password,
};
const withPin = z.object({ ...keyFields, pin: pinDigits });
const withoutPin = z.object({ ...keyFields, pin: z.string() });
const formFields = [
  'name',
  'mode',
  'allowedIps',
  'dailyLimit',
  'allowedServices',
  'password',
  'pin',
] as const;

const pinInput = { type: 'password', inputMode: 'numeric', autoComplete: 'off', maxLength: 4 } as const;

function KeyRow({ apiKey, hasPin }: { apiKey: ApiKey; hasPin: boolean }) {
  const revoke = useRevokeApiKey();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isRevoked = apiKey.revokedAt !== null;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-gray-200 px-3 py-2.5">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-gray-900">{apiKey.name}</p>
          <p className="font-mono text-sm text-gray-700">{apiKey.prefix}…</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <KeyModeBadge mode={apiKey.mode} />
          {isRevoked ? (
            <StatusBadge label="Revoked" tone="error" />
          ) : (
            <StatusBadge label="Active" tone="success" />
          )}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-gray-700">
        <dt>Allowed from</dt>
        <dd className="min-w-0 font-mono wrap-anywhere">
          {apiKey.allowedIps.length > 0 ? apiKey.allowedIps.join(', ') : apiKeyTexts.anyAddress}
        </dd>
        <KeyLimitsSummary apiKey={apiKey} />
        <dt>Created</dt>
        <dd>{formatLagosDateTime(apiKey.createdAt)}</dd>
        <dt>Last used</dt>
        <dd>{apiKey.lastUsedAt ? formatLagosDateTime(apiKey.lastUsedAt) : 'Never'}</dd>
        {apiKey.revokedAt ? (
          <>
            <dt>Revoked</dt>
            <dd>{formatLagosDateTime(apiKey.revokedAt)}</dd>
          </>
        ) : null}
      </dl>
      {isEditing && !isRevoked ? (
        <EditKeyLimitsForm
          apiKey={apiKey}
          hasPin={hasPin}
          onDone={() => {
            setIsEditing(false);
          }}
        />
      ) : null}
      {isRevoked || isEditing ? null : isConfirming ? (
        <div
          role="group"
          aria-label={`Revoke ${apiKey.name}`}
          className="flex flex-col gap-2 rounded-lg bg-red-50 p-2"
        >
          <p className="text-sm text-red-900">{apiKeyTexts.revokeQuestion(apiKey.name)}</p>
          <div className="flex gap-2">
            <Button
              variant="danger"
              isBusy={revoke.isPending}
              busyLabel="Revoking..."
              onClick={() => {
                setError(null);
                revoke.mutate(apiKey.id, {
                  onError: (cause) => {
                    setError(`Error: ${cause.message}`);
                  },
                });
              }}
            >
              Yes, revoke
            </Button>
            <Button
              variant="text"
              onClick={() => {
                setIsConfirming(false);
              }}
            >
              Keep it
            </Button>
          </div>
          <StatusMessage message={error} tone="error" />
        </div>
      ) : (
        <div className="flex gap-4">
          <Button
            variant="text"
            className="px-0"
            aria-label={`Edit limits of ${apiKey.name}`}
            onClick={() => {
              setIsEditing(true);
            }}
          >
            Edit limits
          </Button>
          <Button
            variant="text"
            className="px-0 text-red-800"
            aria-label={`Revoke ${apiKey.name}`}
            onClick={() => {
              setIsConfirming(true);
            }}
          >
            Revoke
          </Button>
        </div>
      )}
    </li>
  );
}

function NewKey({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setStatus({ text: apiKeyTexts.copied, tone: 'success' });
    } catch {
      setStatus({ text: apiKeyTexts.copyFailed, tone: 'error' });
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-xl border-2 border-amber-400 bg-amber-50 p-3">
      <p className="text-sm font-semibold text-amber-950">{apiKeyTexts.onceWarning}</p>
      <Input
        label="Your new API key"
        value={secret}
        readOnly
        className="[&_input]:font-mono [&_input]:text-sm"
        onFocus={(event) => {
          event.target.select();
        }}
      />
      <div className="flex gap-2">
        <Button onClick={() => void copy()}>Copy</Button>
        <Button variant="text" onClick={onDone}>
          I have saved it
        </Button>
      </div>
      <StatusMessage message={status?.text} tone={status?.tone} />
    </div>
  );
}

/** New keys need the password and, once the user has one, the transaction PIN. */
function CreateKeyForm({ hasPin, onCreated }: { hasPin: boolean; onCreated: (secret: string) => void }) {
  const createKey = useCreateApiKey();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    resetField,
    setError: setFieldError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(hasPin ? withPin : withoutPin),
    // a new partner starts with a test key: nothing real is bought until they choose live
    defaultValues: {
      name: '',
      mode: 'test' as KeyMode,
      allowedIps: '',
      dailyLimit: '',
      allowedServices: [],
      password: '',
      pin: '',
    },
  });

  const mode = useWatch({ control, name: 'mode' });

  const onSubmit = handleSubmit(async ({ pin, dailyLimit, allowedServices, ...values }) => {
    setError(null);
    try {
      // a key with no limits is sent as before there were any
      const body = {
        ...values,
        ...(dailyLimit !== null && { dailyLimitKobo: dailyLimit }),
        ...(allowedServices.length > 0 && { allowedServices }),
      };
      const created = await createKey.mutateAsync(hasPin ? { ...body, pin } : body);
      reset();
      onCreated(created.key);
    } catch (cause) {
      const pinError = describePinError(cause);
      if (pinError) {
        resetField('pin');
        setError(pinError);
        return;
      }
      const text = showServerError(cause, formFields, setFieldError, 'Could not create the key.');
      if (text !== null) setError(text);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-1">
      <Input
        label="Key name"
        placeholder="e.g. My shop"
        autoComplete="off"
        {...register('name')}
        error={errors.name?.message}
      />
      <KeyModeField field={register('mode')} value={mode} />
      <TextArea
        label="Allowed addresses"
        rows={2}
        isCode
        hint={apiKeyTexts.addressesHint}
        placeholder="203.0.113.7, 203.0.113.0/24"
        autoComplete="off"
        spellCheck={false}
        {...register('allowedIps')}
        error={errors.allowedIps?.message}
      />
      <KeyLimitFields
        register={register as unknown as UseFormRegister<LimitFieldValues>}
        errors={errors}
        idPrefix="new-key"
      />
      <p className="text-sm text-gray-700">{apiKeyTexts.confirm}</p>
      <div className={hasPin ? 'grid grid-cols-[1fr_7rem] gap-2' : 'flex flex-col'}>
        <Input
          label="Your password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={errors.password?.message}
        />
        {hasPin ? (
          <Input label="Your PIN" {...pinInput} {...register('pin')} error={errors.pin?.message} />
        ) : null}
      </div>
      <StatusMessage message={error} tone="error" />
      <Button type="submit" className="self-start" isBusy={createKey.isPending} busyLabel="Creating...">
        Create key
      </Button>
    </form>
  );
}

/** API keys for partners (inside Developers, once partner access is on): list, create (the secret shown once) and revoke. */
export function ApiKeysSection() {
  const apiKeys = useApiKeys();
  const pinStatus = usePinStatus();
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <section aria-labelledby="api-keys-heading" className="flex flex-col gap-3">
      <div>
        <h3 id="api-keys-heading" className="text-base font-bold text-gray-900">
          API keys
        </h3>
        <p className="text-sm text-gray-700">
          Your system sends a key with each request to buy from your wallet. Keep keys secret, like a
          password.
        </p>
      </div>
      {secret ? (
        <NewKey
          secret={secret}
          onDone={() => {
            setSecret(null);
          }}
        />
      ) : null}
      {pinStatus.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        // a user whose PIN status could not be read is asked for it: the server refuses a missing one
        <CreateKeyForm
          key={String(pinStatus.data?.hasPin ?? true)}
          hasPin={pinStatus.data?.hasPin ?? true}
          onCreated={setSecret}
        />
      )}
      {apiKeys.isPending ? (
        <SkeletonList rows={2} />
      ) : apiKeys.isError ? (
        <StatusMessage message={`Error: ${apiKeys.error.message}`} tone="error" />
      ) : apiKeys.data.apiKeys.length === 0 ? (
        <p className="text-sm text-gray-700">{apiKeyTexts.empty}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Your API keys">
          {apiKeys.data.apiKeys.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} hasPin={pinStatus.data?.hasPin ?? true} />
          ))}
        </ul>
      )}
    </section>
  );
}
