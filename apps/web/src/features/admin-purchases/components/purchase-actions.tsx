import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@/lib/router/index.ts';
import {
  deliverPurchaseBody,
  refundPurchaseBody,
  type AdminPurchaseDetail,
  type DeliverPurchaseBody,
} from '@quickvend/shared/api/admin-purchases';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { formatNaira } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { TextArea } from '@/components/ui/text-area.tsx';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { ReasonForm } from '@/components/admin/reason-form.tsx';
import { useDeliverPurchase } from '../api/deliver-purchase.ts';
import { useRefundPurchase } from '../api/refund-purchase.ts';
import { useRequeryPurchase } from '../api/requery-purchase.ts';

type Outcome = { text: string; tone: StatusTone };

function RefundForm({
  detail,
  onDone,
  onCancel,
}: {
  detail: AdminPurchaseDetail;
  onDone: (outcome: Outcome) => void;
  onCancel: () => void;
}) {
  const { purchase } = detail;
  const refund = useRefundPurchase(purchase.id);
  return (
    <ReasonForm
      label="Refund this purchase"
      intro={
        <p>
          VTpass is asked first. If it says the purchase failed, {formatNaira(purchase.chargedKobo)} goes back
          to {purchase.buyer ? purchase.buyer.name || purchase.buyer.email : 'the customer'}’s wallet at once;
          if it delivered it, nothing is refunded. If it has not said, the refund waits for a second admin’s
          approval.
        </p>
      }
      fieldLabel="Reason for the refund"
      hint="Kept in the audit log and on the purchase’s timeline."
      rule={refundPurchaseBody.shape.reason}
      submitLabel={`Refund ${formatNaira(purchase.chargedKobo)}`}
      variant="danger"
      isBusy={refund.isPending}
      onSubmit={(reason) => {
        refund.mutate(
          { reason },
          {
            onSuccess: (answer) => {
              onDone({ text: answer.message, tone: answer.outcome === 'refunded' ? 'success' : 'info' });
            },
            onError: (error) => {
              onDone({ text: `Error: ${errorMessageOf(error)}`, tone: 'error' });
            },
          },
        );
      }}
      onCancel={onCancel}
    />
  );
}

function DeliverForm({
  detail,
  onDone,
  onCancel,
}: {
  detail: AdminPurchaseDetail;
  onDone: (outcome: Outcome) => void;
  onCancel: () => void;
}) {
  const deliver = useDeliverPurchase(detail.purchase.id);
  const form = useForm<DeliverPurchaseBody>({
    resolver: zodResolver(deliverPurchaseBody),
    defaultValues: { evidence: '', providerReference: '' },
  });
  const submit = form.handleSubmit((body) => {
    const providerReference = body.providerReference?.trim();
    deliver.mutate(
      { evidence: body.evidence, ...(providerReference ? { providerReference } : {}) },
      {
        onSuccess: (answer) => {
          onDone({ text: answer.message, tone: 'success' });
        },
        onError: (error) => {
          onDone({ text: `Error: ${errorMessageOf(error)}`, tone: 'error' });
        },
      },
    );
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label="Mark this purchase delivered"
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-gray-50 p-4"
    >
      <p className="text-sm text-gray-900">
        The money goes to VTpass once a second admin approves. Use this only when you have evidence that the
        customer received it.
      </p>
      <TextArea
        label="Evidence that it was delivered"
        hint="What VTpass support or the customer confirmed; kept in the audit log."
        error={form.formState.errors.evidence?.message}
        {...form.register('evidence')}
      />
      <Input
        label="VTpass transaction ID (optional)"
        error={form.formState.errors.providerReference?.message}
        {...form.register('providerReference')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={deliver.isPending} busyLabel="Processing...">
          Send for approval
        </Button>
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** What an admin can do to a purchase still open: ask VTpass again, refund it, or have it confirmed delivered. */
export function PurchaseActions({ detail }: { detail: AdminPurchaseDetail }) {
  const { purchase, pendingDelivery, pendingRefund } = detail;
  const requery = useRequeryPurchase(purchase.id);
  const [open, setOpen] = useState<'refund' | 'deliver' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const isOpen = purchase.stage === 'pending' || purchase.stage === 'processing';
  const done = (next: Outcome) => {
    setOutcome(next);
    if (next.tone !== 'error') setOpen(null);
  };

  return (
    <section
      aria-labelledby="actions-heading"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm"
    >
      <h2 id="actions-heading" className="text-lg font-bold text-gray-900">
        Resolve
      </h2>
      <StatusMessage message={outcome?.text} tone={outcome?.tone} isScrolledIntoView />
      {isOpen ? null : (
        <p className="text-sm text-gray-700">
          This purchase is {purchase.stage === 'delivered' ? 'delivered' : 'failed and refunded'}: there is
          nothing left to resolve.
        </p>
      )}
      {pendingDelivery ? (
        <WaitingRequest
          title="Waiting for a second admin to confirm delivery"
          requestedBy={pendingDelivery.requestedBy}
          requestedAt={pendingDelivery.requestedAt}
          words={pendingDelivery.evidence}
        />
      ) : null}
      {pendingRefund ? (
        <WaitingRequest
          title="Waiting for a second admin to approve a refund"
          requestedBy={pendingRefund.requestedBy}
          requestedAt={pendingRefund.requestedAt}
          words={pendingRefund.reason}
        />
      ) : null}
      {isOpen ? (
        <>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              isBusy={requery.isPending}
              busyLabel="Asking VTpass..."
              onClick={() => {
                setOutcome(null);
                requery.mutate(undefined, {
                  onSuccess: (answer) => {
                    setOutcome({ text: answer.message, tone: 'success' });
                  },
                  onError: (error) => {
                    setOutcome({ text: `Error: ${errorMessageOf(error)}`, tone: 'error' });
                  },
                });
              }}
            >
              Requery now
            </Button>
            {pendingRefund ? null : (
              <Button
                variant="secondary"
                aria-expanded={open === 'refund'}
                onClick={() => {
                  setOpen(open === 'refund' ? null : 'refund');
                }}
              >
                Refund…
              </Button>
            )}
            {pendingDelivery ? null : (
              <Button
                variant="secondary"
                aria-expanded={open === 'deliver'}
                onClick={() => {
                  setOpen(open === 'deliver' ? null : 'deliver');
                }}
              >
                Mark delivered…
              </Button>
            )}
          </div>
          {open === 'refund' ? (
            <RefundForm
              detail={detail}
              onDone={done}
              onCancel={() => {
                setOpen(null);
              }}
            />
          ) : null}
          {open === 'deliver' ? (
            <DeliverForm
              detail={detail}
              onDone={done}
              onCancel={() => {
                setOpen(null);
              }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** A request about this purchase that waits for a second admin: who asked, when, in their words. */
function WaitingRequest(props: { title: string; requestedBy: string; requestedAt: string; words: string }) {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900">
      <p className="font-semibold">{props.title}</p>
      <p>
        {props.requestedBy} asked on {formatLagosDateTime(props.requestedAt)}: “{props.words}”
      </p>
      <Link to={paths.adminApprovals} className="font-semibold text-brand-800 underline underline-offset-4">
        Go to approvals
      </Link>
    </div>
  );
}
