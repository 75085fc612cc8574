import { useId, useState } from 'react';
import type { AdminSetting } from '@quickvend/shared/api/admin-money';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { formatNaira } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { ApprovalActions } from '@/components/admin/approval-actions.tsx';
import { ageOf } from '@/components/admin/approval-labels.ts';
import { SettingChangeForm } from './setting-change-form.tsx';
import { settingLabels } from '@/components/admin/setting-labels.ts';

type Outcome = { text: string; tone: StatusTone };

function LastChange({ setting }: { setting: AdminSetting }) {
  if (!setting.updatedAt) return <p className="text-xs text-gray-600">Never changed: this is the default.</p>;
  return (
    <p className="text-xs text-gray-600">
      Last changed on {formatLagosDateTime(setting.updatedAt)}
      {setting.updatedBy ? `, asked by ${setting.updatedBy.name}` : ''}
      {setting.approvedBy ? ` and approved by ${setting.approvedBy.name}` : ''}.
    </p>
  );
}

function PendingChange({
  setting,
  now,
  onDone,
}: {
  setting: AdminSetting;
  now: number;
  onDone: (outcome: Outcome) => void;
}) {
  const { pending } = setting;
  if (!pending) return null;
  const { approval } = pending;
  const age = ageOf(approval.requestedAt, now);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm font-bold text-gray-900">Waiting for a second admin</p>
      <p className="text-sm text-gray-900">
        <span className="font-semibold tabular-nums">
          {formatNaira(setting.valueKobo)} → {formatNaira(pending.valueKobo)}
        </span>
        , asked by {approval.isMine ? 'you' : approval.requestedBy.name}{' '}
        <time dateTime={approval.requestedAt} title={formatLagosDateTime(approval.requestedAt)}>
          {age === 'just now' ? age : `${age} ago`}
        </time>
      </p>
      <p className="text-sm text-gray-700">Reason: {approval.reason}</p>
      <ApprovalActions approval={approval} onDone={onDone} />
    </div>
  );
}

/** One money setting: its value and bounds, who set it, and its pending change or a way to ask for one. */
export function SettingCard({ setting, now }: { setting: AdminSetting; now: number }) {
  const headingId = useId();
  const label = settingLabels[setting.key];
  const [isAsking, setIsAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  let action;
  if (setting.pending) action = <PendingChange setting={setting} now={now} onDone={setOutcome} />;
  else if (isAsking)
    action = (
      <SettingChangeForm
        setting={setting}
        onDone={(done) => {
          setOutcome(done);
          if (done.tone !== 'error') setIsAsking(false);
        }}
        onCancel={() => {
          setIsAsking(false);
        }}
      />
    );
  else
    action = (
      <div>
        <Button
          variant="secondary"
          aria-label={`Change "${label.title.toLowerCase()}"`}
          onClick={() => {
            setOutcome(null);
            setIsAsking(true);
          }}
        >
          Change
        </Button>
      </div>
    );

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-gray-900">
          {label.title}
        </h2>
        <span className="text-lg font-bold tabular-nums">{formatNaira(setting.valueKobo)}</span>
      </div>
      <p className="text-sm text-gray-700">{label.hint}</p>
      <p className="text-xs text-gray-600">
        Allowed from {formatNaira(setting.minKobo)} to {formatNaira(setting.maxKobo)}.
      </p>
      <LastChange setting={setting} />
      {action}
      <StatusMessage message={outcome?.text} tone={outcome?.tone} />
    </section>
  );
}
