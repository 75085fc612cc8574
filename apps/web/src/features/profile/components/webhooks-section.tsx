import { useState } from 'react';
import {
  webhookTexts,
  type WebhookEndpoint,
  type WebhookMessage,
  type WebhookMode,
} from '@quickvend/shared/api/webhooks';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { useResendWebhookMessage } from '../api/resend-webhook-message.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSaveWebhookEndpoint } from '../api/save-webhook-endpoint.ts';
import { useWebhookEndpoint } from '../api/get-webhook-endpoint.ts';
import { useWebhookMessages } from '../api/get-webhook-messages.ts';

export const webhookSectionTexts = {
  intro:
    'We tell your system at once when a purchase is delivered, fails or is still being confirmed, and when ' +
    'money comes into your wallet. Each message is signed so your system can check it came from us.',
  secretOnce: 'Copy this signing secret now and keep it safe. It will not be shown again.',
  copied: 'Secret copied to clipboard!',
  copyFailed: 'Copy failed: select the secret and copy it by hand.',
  saved: 'Webhook address saved.',
  rotateNote: 'Your old secret keeps working for 24 hours, so you have time to change it.',
  noMessages: 'No messages sent yet.',
  sent: 'Sending again.',
} as const;

const messageTone = { delivered: 'success', pending: 'warning', failed: 'error' } as const;
const messageLabel = { delivered: 'Delivered', pending: 'Trying', failed: 'Failed' } as const;

function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setStatus({ text: webhookSectionTexts.copied, tone: 'success' });
    } catch {
      setStatus({ text: webhookSectionTexts.copyFailed, tone: 'error' });
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-xl border-2 border-amber-400 bg-amber-50 p-3">
      <p className="text-sm font-semibold text-amber-950">{webhookSectionTexts.secretOnce}</p>
      <Input
        label="Signing secret"
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

function EndpointForm({
  mode,
  endpoint,
  onSecret,
}: {
  mode: WebhookMode;
  endpoint: WebhookEndpoint | null;
  onSecret: (s: string) => void;
}) {
  const save = useSaveWebhookEndpoint(mode);
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const submit = (enabled: boolean) => {
    setStatus(null);
    save.mutate(
      { url, enabled },
      {
        onSuccess: ({ secret }) => {
          if (secret) onSecret(secret);
          setStatus({ text: webhookSectionTexts.saved, tone: 'success' });
        },
        onError: (cause) => {
          setStatus({ text: `Error: ${errorMessageOf(cause)}`, tone: 'error' });
        },
      },
    );
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        submit(endpoint?.enabled ?? true);
      }}
    >
      <Input
        label="Webhook address"
        type="url"
        inputMode="url"
        placeholder="https://example.com/quickvend-webhooks"
        autoComplete="off"
        spellCheck={false}
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
        }}
      />
      {endpoint && !endpoint.enabled ? (
        <p className="text-sm text-red-900">
          {endpoint.disabledReason === 'gone' ? webhookTexts.turnedOffByGone : webhookTexts.turnedOffByHand}
        </p>
      ) : null}
      <StatusMessage message={status?.text} tone={status?.tone} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={save.isPending} busyLabel="Saving...">
          Save address
        </Button>
        {endpoint ? (
          <Button
            variant="text"
            onClick={() => {
              submit(!endpoint.enabled);
            }}
          >
            {endpoint.enabled ? 'Turn off' : 'Turn back on'}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function RotateSecret({ mode, onSecret }: { mode: WebhookMode; onSecret: (s: string) => void }) {
  const rotate = useRotateWebhookSecret(mode);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        rotate.mutate(password, {
          onSuccess: ({ secret }) => {
            setPassword('');
            onSecret(secret);
          },
          onError: (cause) => {
            setError(`Error: ${errorMessageOf(cause)}`);
          },
        });
      }}
    >
      <p className="text-sm text-gray-700">{webhookSectionTexts.rotateNote}</p>
      <Input
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
        }}
      />
      <StatusMessage message={error} tone="error" />
      <Button
        type="submit"
        variant="secondary"
        className="self-start"
        isBusy={rotate.isPending}
        busyLabel="Making..."
      >
        Make a new secret
      </Button>
    </form>
  );
}

function MessageRow({ message }: { message: WebhookMessage }) {
  const resend = useResendWebhookMessage();
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const last = message.attempts.at(-1);
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-gray-200 px-3 py-2.5">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-gray-900">{message.type}</p>
          <p className="text-xs text-gray-700">{formatLagosDateTime(message.createdAt)}</p>
        </div>
        <StatusBadge label={messageLabel[message.status]} tone={messageTone[message.status]} />
      </div>
      <p className="text-xs text-gray-700">
        {message.attempts.length === 1 ? '1 try' : `${message.attempts.length} tries`}
        {last ? `, last answer: ${last.statusCode ?? 'none'} in ${last.durationMs} ms` : ''}
        {last?.error ? ` (${last.error})` : ''}
      </p>
      {message.failure ? <p className="text-xs text-red-900">{message.failure}</p> : null}
      <StatusMessage message={status?.text} tone={status?.tone} />
      <Button
        variant="text"
        className="self-start px-0"
        aria-label={`Resend ${message.type} of ${formatLagosDateTime(message.createdAt)}`}
        isBusy={resend.isPending}
        busyLabel="Sending..."
        onClick={() => {
          setStatus(null);
          resend.mutate(message.id, {
            onSuccess: () => {
              setStatus({ text: webhookSectionTexts.sent, tone: 'success' });
            },
            onError: (cause) => {
              setStatus({ text: `Error: ${errorMessageOf(cause)}`, tone: 'error' });
            },
          });
        }}
      >
        Resend
      </Button>
    </li>
  );
}

/** Signed status webhooks (inside Developers, once partner access is on): address, secret and the last deliveries. */
export function WebhooksSection() {
  const [mode, setMode] = useState<WebhookMode>('live');
  const endpoint = useWebhookEndpoint(mode);
  const messages = useWebhookMessages(mode);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-3">
      <div>
        <h3 id="webhooks-heading" className="text-base font-bold text-gray-900">
          Webhooks
        </h3>
        <p className="text-sm text-gray-700">{webhookSectionTexts.intro}</p>
      </div>
      <div role="group" aria-label="Which keys" className="grid grid-cols-2 gap-2">
        {(['live', 'test'] as const).map((choice) => (
          <Button
            key={choice}
            variant={mode === choice ? 'primary' : 'secondary'}
            aria-pressed={mode === choice}
            onClick={() => {
              setSecret(null);
              setMode(choice);
            }}
          >
            {choice === 'live' ? 'For live keys' : 'For test keys'}
          </Button>
        ))}
      </div>
      {secret ? (
        <NewSecret
          secret={secret}
          onDone={() => {
            setSecret(null);
          }}
        />
      ) : null}
      {endpoint.isPending ? (
        <SkeletonList rows={1} />
      ) : endpoint.isError ? (
        <StatusMessage message={`Error: ${endpoint.error.message}`} tone="error" />
      ) : (
        <>
          <EndpointForm key={mode} mode={mode} endpoint={endpoint.data.endpoint} onSecret={setSecret} />
          {endpoint.data.endpoint ? <RotateSecret key={mode} mode={mode} onSecret={setSecret} /> : null}
        </>
      )}
      <h4 className="text-sm font-bold text-gray-900">Last deliveries</h4>
      {messages.isPending ? (
        <SkeletonList rows={2} />
      ) : messages.isError ? (
        <StatusMessage message={`Error: ${messages.error.message}`} tone="error" />
      ) : messages.data.messages.length === 0 ? (
        <p className="text-sm text-gray-700">{webhookSectionTexts.noMessages}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Webhook deliveries">
          {messages.data.messages.map((message) => (
            <MessageRow key={message.id} message={message} />
          ))}
        </ul>
      )}
    </section>
  );
}
