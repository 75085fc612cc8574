import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ApiKey } from '@quickvend/shared/api/api-keys';
import { createApiKeyBody } from '@quickvend/shared/api/api-keys';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { formatLagosDateTime } from '../../../lib/format.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';

export const apiKeyTexts = {
  onceWarning: 'Copy this key now and keep it somewhere safe. It will not be shown again.',
  copied: 'Key copied to clipboard!',
  copyFailed: 'Copy failed: select the key and copy it by hand.',
  revokeQuestion: (name: string) =>
    `Revoke “${name}”? Apps using it stop working at once. This cannot be undone.`,
  empty: 'No API keys yet.',
} as const;

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isRevoked = apiKey.revokedAt !== null;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-gray-200 px-3 py-2.5">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-gray-900">{apiKey.name}</p>
          <p className="font-mono text-sm text-gray-700">{apiKey.prefix}…</p>
        </div>
        {isRevoked ? (
          <StatusBadge label="Revoked" tone="error" />
        ) : (
          <StatusBadge label="Active" tone="success" />
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-gray-700">
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
      {isRevoked ? null : isConfirming ? (
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
        <Button
          variant="text"
          className="self-start px-0 text-red-800"
          aria-label={`Revoke ${apiKey.name}`}
          onClick={() => {
            setIsConfirming(true);
          }}
        >
          Revoke
        </Button>
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

/** API keys for partners: list, create (the secret shown once) and revoke. */
export function ApiKeysSection() {
  const apiKeys = useApiKeys();
  const createKey = useCreateApiKey();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(createApiKeyBody), defaultValues: { name: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const created = await createKey.mutateAsync(values);
      setSecret(created.key);
      reset();
    } catch (cause) {
      setError(`Error: ${cause instanceof Error ? cause.message : 'Could not create the key.'}`);
    }
  });

  return (
    <section
      aria-labelledby="api-keys-heading"
      className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4"
    >
      <div>
        <h2 id="api-keys-heading" className="text-lg font-bold text-gray-900">
          API keys
        </h2>
        <p className="text-sm text-gray-700">
          For partners who buy through the QuickVend API from their own systems.
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
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex items-start gap-2">
        <Input
          label="Key name"
          placeholder="e.g. My shop"
          autoComplete="off"
          className="flex-1"
          {...register('name')}
          error={errors.name?.message}
        />
        <Button type="submit" className="mt-6 shrink-0" isBusy={createKey.isPending} busyLabel="Creating...">
          Create key
        </Button>
      </form>
      <StatusMessage message={error} tone="error" />
      {apiKeys.isPending ? (
        <SkeletonList rows={2} />
      ) : apiKeys.isError ? (
        <StatusMessage message={`Error: ${apiKeys.error.message}`} tone="error" />
      ) : apiKeys.data.apiKeys.length === 0 ? (
        <p className="text-sm text-gray-700">{apiKeyTexts.empty}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Your API keys">
          {apiKeys.data.apiKeys.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} />
          ))}
        </ul>
      )}
    </section>
  );
}
