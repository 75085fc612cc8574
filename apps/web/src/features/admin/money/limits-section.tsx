import { useEffect, useRef, useState } from 'react';
import type { AdminSetting, SettingKey } from '@quickvend/shared/api/admin-money';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { messages } from '@quickvend/shared/messages';
import { formatNaira, toNairaString } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { useSettings } from './api/get-settings.ts';
import { useUpdateSetting } from './api/update-setting.ts';

const LABELS: Record<SettingKey, { title: string; hint: string }> = {
  'approvals.thresholdKobo': {
    title: 'Second admin needed above',
    hint: 'Wallet credits and debits, and manual deposits, above this amount wait for another admin to approve them.',
  },
  'approvals.dailyLimitKobo': {
    title: "One admin's limit in 24 hours",
    hint: 'What one admin may credit and debit on their own word over any 24 hours, every customer together. Past it, a second admin approves.',
  },
  'float.lowBalanceKobo': {
    title: 'Warn when the VTpass float falls below',
    hint: 'Admins are emailed once each time the float drops below this, and the back office shows a banner.',
  },
  'referrals.rewardKobo': {
    title: 'Referral reward',
    hint: 'Paid to a customer once, when someone who signed up with their link funds a wallet for the first time.',
  },
};

function SettingRow({
  setting,
  onDone,
}: {
  setting: AdminSetting;
  onDone: (text: string, tone: StatusTone) => void;
}) {
  const update = useUpdateSetting();
  const [isEditing, setIsEditing] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const label = LABELS[setting.key];

  useEffect(() => {
    if (isEditing) input.current?.focus();
  }, [isEditing]);

  const save = async () => {
    if (amount.trim() === '') {
      setError('Enter an amount.');
      return;
    }
    try {
      const { setting: saved } = await update.mutateAsync({ key: setting.key, amount });
      setIsEditing(false);
      setError(undefined);
      onDone(`${label.title}: now ${formatNaira(saved.valueKobo)}.`, 'success');
    } catch (failure) {
      if (isApiError(failure, 'VALIDATION_FAILED'))
        setError(failure.fieldErrors['amount'] ?? failure.message);
      else onDone(`Error: ${errorMessageOf(failure)}`, 'error');
    }
  };

  return (
    <li className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-gray-900">{label.title}</span>
        <span className="text-lg font-bold tabular-nums">{formatNaira(setting.valueKobo)}</span>
      </div>
      <p className="text-sm text-gray-700">{label.hint}</p>
      {setting.updatedBy && setting.updatedAt ? (
        <p className="text-xs text-gray-600">
          Last changed by {setting.updatedBy.name} on {formatLagosDateTime(setting.updatedAt)}
        </p>
      ) : null}
      {isEditing ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <Input
            ref={input}
            label={`New amount for "${label.title.toLowerCase()}" (₦)`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
            }}
            error={error}
            className="sm:w-64"
          />
          <div className="flex gap-2 sm:pt-6">
            <Button
              isBusy={update.isPending}
              busyLabel={messages.purchase.processing}
              onClick={() => void save()}
            >
              Save
            </Button>
            <Button
              variant="text"
              disabled={update.isPending}
              onClick={() => {
                setIsEditing(false);
                setError(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button
            variant="secondary"
            aria-label={`Change "${label.title.toLowerCase()}"`}
            onClick={() => {
              setAmount(toNairaString(setting.valueKobo));
              setIsEditing(true);
            }}
          >
            Change
          </Button>
        </div>
      )}
    </li>
  );
}

/** The approval threshold and the low-float warning level, each changed by any admin (and audited). */
export function LimitsSection() {
  const settings = useSettings();
  const [status, setStatus] = useState<{ text: string; tone: StatusTone } | null>(null);
  let content;
  if (settings.isPending) content = <SkeletonList rows={2} />;
  else if (settings.isError)
    content = <StatusMessage message={`Error: ${settings.error.message}`} tone="error" />;
  else
    content = (
      <ul className="grid gap-3 lg:grid-cols-2">
        {settings.data.settings.map((setting) => (
          <SettingRow
            key={setting.key}
            setting={setting}
            onDone={(text, tone) => {
              setStatus({ text, tone });
            }}
          />
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="limits-heading" className="flex flex-col gap-3">
      <h2 id="limits-heading" className="text-lg font-bold text-gray-900">
        Limits
      </h2>
      <StatusMessage message={status?.text} tone={status?.tone} />
      {content}
    </section>
  );
}
