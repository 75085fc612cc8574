import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from '@/lib/router/index.ts';
import { closeDisputeBody, type AdminDispute } from '@quickvend/shared/api/disputes';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { formatNaira } from '@quickvend/shared/money';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { adminPurchasePath, paths } from '@/lib/paths.ts';
import { ReasonForm } from '@/components/admin/reason-form.tsx';
import { outcomeBadge } from '@/components/admin/outcome-badge.ts';
import { useCloseDispute } from '../api/close-dispute.ts';
import { useAdminDisputes, type DisputeStatus } from '../api/get-disputes.ts';

type Outcome = { text: string; tone: StatusTone };

export const disputeTexts = {
  title: 'Not received',
  intro:
    'Customers who say they did not get a delivered purchase. VTpass was asked again the moment they reported it. Closing a report moves no money: if the customer should get money back, adjust their wallet from their page first.',
  noOpen: 'No open reports. Every customer who said they did not get something has an answer.',
  noClosed: 'No closed reports yet.',
  close: 'Close…',
  resolutionLabel: 'What did you find and do?',
  resolutionHint: 'The customer sees this on their receipt, word for word. It is kept in the audit log.',
  closeSubmit: 'Close the report',
  closed: (customer: string) => `Closed: ${customer} will see your answer on their receipt.`,
} as const;

const statuses: { status: DisputeStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'closed', label: 'Closed' },
];

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-semibold text-gray-600">{term}</dt>
      <dd className="text-gray-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

function ProviderAnswer({ dispute }: { dispute: AdminDispute }) {
  const badge = outcomeBadge(dispute.providerAnswer) ?? { label: 'Could not be reached', tone: 'neutral' };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <StatusBadge label={badge.label} tone={badge.tone} />
      {dispute.providerMessage ? <span>“{dispute.providerMessage}”</span> : null}
    </span>
  );
}

function DisputeCard({ dispute, onDone }: { dispute: AdminDispute; onDone: (outcome: Outcome) => void }) {
  const headingId = useId();
  const close = useCloseDispute();
  const [isClosing, setIsClosing] = useState(false);
  const { purchase, customer } = dispute;
  const who = customer ? customer.name || customer.email : 'The customer';
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-lg font-bold text-gray-900">
          {purchase.serviceName} · {purchase.recipient}
        </h2>
        <p className="text-lg font-bold text-gray-900 tabular-nums">{formatNaira(purchase.amountKobo)}</p>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
        <Fact term="Customer">
          {customer ? (
            <>
              {customer.name} · {customer.email}
            </>
          ) : (
            'Account closed'
          )}
        </Fact>
        <Fact term="Delivered">
          {purchase.deliveredAt ? formatLagosDateTime(purchase.deliveredAt) : 'Not recorded'}
        </Fact>
        <Fact term="Reported">{formatLagosDateTime(dispute.createdAt)}</Fact>
        <Fact term="VTpass, asked again">
          <ProviderAnswer dispute={dispute} />
        </Fact>
        <Fact term="Customer’s note">
          {dispute.customerNote ? `“${dispute.customerNote}”` : <span className="text-gray-600">None</span>}
        </Fact>
        <Fact term="Told the customer">{dispute.answer}</Fact>
        {purchase.transactionId ? (
          <Fact term="VTpass transaction ID">
            <span className="font-mono">{purchase.transactionId}</span>
          </Fact>
        ) : null}
        {dispute.status === 'closed' ? (
          <>
            <Fact term="Closed">{dispute.closedAt ? formatLagosDateTime(dispute.closedAt) : '—'}</Fact>
            <Fact term="What we found and did">{dispute.resolution}</Fact>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={adminPurchasePath(dispute.purchaseId)}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-4"
        >
          Open the purchase and its timeline
        </Link>
        {dispute.status === 'open' && !isClosing ? (
          <Button
            variant="secondary"
            className="ml-auto"
            aria-label={`Close the report on ${purchase.serviceName} for ${purchase.recipient}`}
            onClick={() => {
              setIsClosing(true);
            }}
          >
            {disputeTexts.close}
          </Button>
        ) : null}
      </div>
      {isClosing ? (
        <ReasonForm
          label={`Close the report on ${purchase.serviceName} for ${purchase.recipient}`}
          intro={<p>{who} sees your answer on their receipt. Nothing else changes.</p>}
          fieldLabel={disputeTexts.resolutionLabel}
          hint={disputeTexts.resolutionHint}
          rule={closeDisputeBody.shape.resolution}
          submitLabel={disputeTexts.closeSubmit}
          isBusy={close.isPending}
          onSubmit={(resolution) => {
            close.mutate(
              { id: dispute.id, resolution },
              {
                onSuccess: () => {
                  onDone({ text: disputeTexts.closed(who), tone: 'success' });
                },
                onError: (error) => {
                  onDone({ text: `Error: ${errorMessageOf(error)}`, tone: 'error' });
                },
              },
            );
          }}
          onCancel={() => {
            setIsClosing(false);
          }}
        />
      ) : null}
    </li>
  );
}

function DisputeList({ status, onDone }: { status: DisputeStatus; onDone: (outcome: Outcome) => void }) {
  const disputes = useAdminDisputes(status);
  if (disputes.isPending) {
    return (
      <div aria-busy="true">
        <SkeletonList rows={3} />
      </div>
    );
  }
  if (disputes.isError) {
    return <StatusMessage message={`Error: ${errorMessageOf(disputes.error)}`} tone="error" />;
  }
  const list = disputes.data.disputes;
  if (list.length === 0) {
    return <EmptyState title={status === 'open' ? disputeTexts.noOpen : disputeTexts.noClosed} />;
  }
  return (
    <ul aria-label={status === 'open' ? 'Open reports' : 'Closed reports'} className="flex flex-col gap-3">
      {list.map((dispute) => (
        <DisputeCard key={dispute.id} dispute={dispute} onDone={onDone} />
      ))}
    </ul>
  );
}

/** `/admin/not-received`: customers' "I didn't get it" reports, open ones oldest first, to answer and close. */
export function AdminDisputesPage() {
  const [search] = useSearchParams();
  const status: DisputeStatus = search.get('status') === 'closed' ? 'closed' : 'open';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <title>{`${disputeTexts.title} · Admin · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-gray-900">{disputeTexts.title}</h1>
        <p className="text-sm text-gray-700">{disputeTexts.intro}</p>
      </div>
      <nav aria-label="Which reports" className="flex gap-2">
        {statuses.map((item) => (
          <Link
            key={item.status}
            to={item.status === 'open' ? paths.adminDisputes : `${paths.adminDisputes}?status=${item.status}`}
            aria-current={item.status === status ? 'page' : undefined}
            onClick={() => {
              setOutcome(null);
            }}
            className={`inline-flex min-h-11 items-center rounded-lg border px-4 text-sm font-semibold ${
              item.status === status
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50'
            }`}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <StatusMessage message={outcome?.text} tone={outcome?.tone} isScrolledIntoView />
      <DisputeList key={status} status={status} onDone={setOutcome} />
    </div>
  );
}
