import { useState } from 'react';
import { Link } from '@/lib/router/index.ts';
import {
  resolveProviderLossBody,
  type ProviderLoss,
  type ProviderLossSource,
  type ProviderLossStatus,
} from '@quickvend/shared/api/provider-losses';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { formatNaira } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { adminPurchasePath, editUserPath, paths } from '@/lib/paths.ts';
import { AdminTable, type AdminColumn } from '@/components/admin/admin-table.tsx';
import { ReasonForm } from '@/components/admin/reason-form.tsx';
import { useProviderLosses } from '../api/get-provider-losses.ts';
import { useRecoverProviderLoss } from '../api/recover-provider-loss.ts';
import { useWriteOffProviderLoss } from '../api/write-off-provider-loss.ts';

type Outcome = { text: string; tone: StatusTone };
type Action = { loss: ProviderLoss; kind: 'recover' | 'write-off' };

const foundBy: Record<ProviderLossSource, string> = {
  callback: 'VTpass’s callback',
  requery: 'asking VTpass again',
  reconciliation: 'the daily reconciliation',
};

const statuses: Record<ProviderLossStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'error' },
  recovered: { label: 'Recovered from the customer', tone: 'success' },
  written_off: { label: 'Written off', tone: 'neutral' },
};

const purchaseName = (loss: ProviderLoss) => {
  const { purchase } = loss;
  if (!purchase) return 'A purchase';
  const what = purchase.planName ? `${purchase.serviceName} ${purchase.planName}` : purchase.serviceName;
  return `${what} ${formatNaira(purchase.amountKobo)} for ${purchase.recipient}`;
};

const customerName = (loss: ProviderLoss) =>
  loss.customer ? loss.customer.name || loss.customer.email : 'The customer';

function ResolveForm({
  action,
  onDone,
  onCancel,
}: {
  action: Action;
  onDone: (outcome: Outcome) => void;
  onCancel: () => void;
}) {
  const recover = useRecoverProviderLoss();
  const writeOff = useWriteOffProviderLoss();
  const { loss, kind } = action;
  const isRecovery = kind === 'recover';
  const fail = (error: unknown) => {
    onDone({ text: `Error: ${errorMessageOf(error)}`, tone: 'error' });
  };
  return (
    <ReasonForm
      label={isRecovery ? 'Recover this loss from the customer' : 'Write this loss off'}
      intro={
        isRecovery ? (
          <p>
            Once a second admin approves, {formatNaira(loss.refundedKobo)} is taken back from{' '}
            {customerName(loss)}’s wallet for {purchaseName(loss)}, which VTpass delivered after it was
            refunded. The customer is told. If the wallet holds less, nothing is taken.
          </p>
        ) : (
          <p>
            The {formatNaira(loss.amountKobo)} VTpass took for {purchaseName(loss)} is booked as an expense,
            and {customerName(loss)} keeps the refund. This cannot be undone.
          </p>
        )
      }
      fieldLabel={isRecovery ? 'Why recover it' : 'Why write it off'}
      hint="Kept in the audit log."
      rule={resolveProviderLossBody.shape.reason}
      submitLabel={
        isRecovery
          ? `Send for approval: recover ${formatNaira(loss.refundedKobo)}`
          : `Write off ${formatNaira(loss.amountKobo)}`
      }
      variant={isRecovery ? 'primary' : 'danger'}
      isBusy={recover.isPending || writeOff.isPending}
      onSubmit={(reason) => {
        if (isRecovery) {
          recover.mutate(
            { id: loss.id, reason },
            {
              onSuccess: (answer) => {
                onDone({ text: answer.message, tone: 'info' });
              },
              onError: fail,
            },
          );
        } else {
          writeOff.mutate(
            { id: loss.id, reason },
            {
              onSuccess: (answer) => {
                onDone({ text: answer.message, tone: 'success' });
              },
              onError: fail,
            },
          );
        }
      }}
      onCancel={onCancel}
    />
  );
}

/**
 * Purchases VTpass delivered after we refunded them: its float paid and the customer has the money back. Each
 * shows what was refunded and what VTpass took, and is resolved once: recovered from the customer (a second admin
 * approves) or written off as an expense.
 */
export function ProviderLossesSection() {
  const losses = useProviderLosses();
  const [action, setAction] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const open = (next: Action) => {
    setOutcome(null);
    setAction(next);
  };

  const columns: AdminColumn<ProviderLoss>[] = [
    {
      label: 'Purchase',
      render: (loss) => (
        <Link
          to={adminPurchasePath(loss.purchaseId)}
          className="font-semibold text-brand-800 underline underline-offset-4"
        >
          {purchaseName(loss)}
        </Link>
      ),
    },
    {
      label: 'Customer',
      render: (loss) =>
        loss.customer ? (
          <Link to={editUserPath(loss.customer.id)} className="text-brand-800 underline underline-offset-4">
            {customerName(loss)}
          </Link>
        ) : (
          'Account no longer readable'
        ),
    },
    { label: 'Refunded', render: (loss) => formatNaira(loss.refundedKobo), className: 'md:text-right' },
    { label: 'VTpass took', render: (loss) => formatNaira(loss.amountKobo), className: 'md:text-right' },
    {
      label: 'Found',
      render: (loss) => `${formatLagosDateTime(loss.detectedAt)}, by ${foundBy[loss.detectedBy]}`,
    },
    {
      label: 'Status',
      render: (loss) => (
        <div className="flex flex-col items-end gap-1 md:items-start">
          <StatusBadge {...statuses[loss.status]} />
          {loss.resolvedBy ? (
            <span className="text-xs text-gray-700">
              {loss.resolvedBy}
              {loss.resolvedAt ? `, ${formatLagosDateTime(loss.resolvedAt)}` : ''}
              {loss.note ? `: “${loss.note}”` : ''}
            </span>
          ) : null}
          {loss.pendingRecovery ? (
            <span className="text-xs text-gray-700">
              Recovery waiting for a second admin (asked by {loss.pendingRecovery.requestedBy}).{' '}
              <Link to={paths.adminApprovals} className="text-brand-800 underline underline-offset-4">
                Go to approvals
              </Link>
            </span>
          ) : null}
        </div>
      ),
    },
    {
      label: 'Actions',
      render: (loss) =>
        loss.status === 'open' ? (
          <div className="flex flex-wrap justify-end gap-2 md:justify-start">
            {loss.pendingRecovery ? null : (
              <Button
                variant="secondary"
                aria-label={`Recover from the customer: ${purchaseName(loss)}`}
                onClick={() => {
                  open({ loss, kind: 'recover' });
                }}
              >
                Recover…
              </Button>
            )}
            <Button
              variant="secondary"
              aria-label={`Write off: ${purchaseName(loss)}`}
              onClick={() => {
                open({ loss, kind: 'write-off' });
              }}
            >
              Write off…
            </Button>
          </div>
        ) : (
          'Resolved'
        ),
    },
  ];

  return (
    <section aria-labelledby="provider-losses-heading" className="flex flex-col gap-3">
      <h2 id="provider-losses-heading" className="text-lg font-bold text-gray-900">
        Provider-side losses
      </h2>
      <p className="text-sm text-gray-700">
        Purchases VTpass delivered after we had refunded them: VTpass took the money from the float and the
        customer has the refund. Recover each from the customer (a second admin approves) or write it off as
        an expense, so the books show it.
      </p>
      {losses.data && losses.data.open.count > 0 ? (
        <p className="text-sm font-semibold text-red-900">
          {losses.data.open.count === 1
            ? 'One loss is open'
            : `${String(losses.data.open.count)} losses are open`}
          : {formatNaira(losses.data.open.amountKobo)} taken from the float.
        </p>
      ) : null}
      <StatusMessage message={outcome?.text} tone={outcome?.tone} isScrolledIntoView />
      {losses.isPending ? (
        <SkeletonList rows={2} />
      ) : losses.isError ? (
        <StatusMessage message={`Error: ${errorMessageOf(losses.error)}`} tone="error" />
      ) : (
        <AdminTable
          caption="Provider-side losses"
          columns={columns}
          rows={losses.data.losses}
          rowKey={(loss) => loss.id}
          empty="No provider-side losses: every refunded purchase VTpass has answered about stayed failed."
          cardsBelow="lg"
        />
      )}
      {action ? (
        <ResolveForm
          key={`${action.loss.id}:${action.kind}`}
          action={action}
          onDone={(next) => {
            setOutcome(next);
            if (next.tone !== 'error') setAction(null);
          }}
          onCancel={() => {
            setAction(null);
          }}
        />
      ) : null}
    </section>
  );
}
