import { useState } from 'react';
import { Link } from '@/lib/router/index.ts';
import type { ApprovalRequest } from '@quickvend/shared/api/admin-money';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { messages } from '@quickvend/shared/messages';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Select } from '@/components/ui/select.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { paths } from '@/lib/paths.ts';
import { useApprovals } from '@/lib/api/admin/get-approvals.ts';
import { ApprovalActions, type Outcome } from '@/components/admin/approval-actions.tsx';
import { ageOf, kindFilters, kindLabel, outcomes } from '@/components/admin/approval-labels.ts';
import { amountOf, ApprovalTable, ApprovalTarget, type ApprovalColumn } from './approval-table.tsx';

type Sort = 'oldest' | 'newest' | 'largest';

const sorters: Record<Sort, (a: ApprovalRequest, b: ApprovalRequest) => number> = {
  oldest: (a, b) => a.requestedAt.localeCompare(b.requestedAt),
  newest: (a, b) => b.requestedAt.localeCompare(a.requestedAt),
  largest: (a, b) => (b.amountKobo ?? 0) - (a.amountKobo ?? 0),
};

function Loading() {
  return (
    <div aria-busy="true">
      <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
      <SkeletonList rows={3} />
    </div>
  );
}

const baseColumns: ApprovalColumn[] = [
  { label: 'Request', render: (approval) => <span className="font-semibold">{kindLabel(approval)}</span> },
  { label: 'For', render: (approval) => <ApprovalTarget approval={approval} /> },
  { label: 'Amount', render: amountOf, className: 'tabular-nums lg:whitespace-nowrap' },
  { label: 'Asked by', render: (approval) => approval.requestedBy.name },
  { label: 'Reason', render: (approval) => approval.reason, className: 'lg:max-w-64' },
];

function PendingSection({ kind }: { kind: string }) {
  const pending = useApprovals({ status: 'pending', limit: 200 });
  const [sort, setSort] = useState<Sort>('oldest');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // ages as of the answer: the list is fetched again on focus and after each decision
  const now = pending.dataUpdatedAt;

  let content;
  if (pending.isPending) content = <Loading />;
  else if (pending.isError)
    content = <StatusMessage message={`Error: ${pending.error.message}`} tone="error" />;
  else {
    const rows = pending.data.approvals
      .filter((approval) => !kind || approval.kind === kind)
      .sort(sorters[sort]);
    content =
      rows.length === 0 ? (
        <EmptyState title="Nothing is waiting for a second admin." />
      ) : (
        <ApprovalTable
          caption="Requests waiting for a second admin"
          approvals={rows}
          columns={[
            ...baseColumns,
            {
              label: 'Waiting',
              render: (approval) => (
                <time dateTime={approval.requestedAt} title={formatLagosDateTime(approval.requestedAt)}>
                  {ageOf(approval.requestedAt, now)}
                </time>
              ),
              className: 'lg:whitespace-nowrap',
            },
            {
              label: 'Actions',
              isActions: true,
              render: (approval) => <ApprovalActions approval={approval} onDone={setOutcome} />,
            },
          ]}
        />
      );
  }

  return (
    <section aria-labelledby="pending-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="pending-heading" className="text-lg font-bold text-gray-900">
          Waiting for a second admin
          {pending.data ? (
            <span className="ml-2 text-base font-normal text-gray-700">
              ({pending.data.approvals.length})
            </span>
          ) : null}
        </h2>
        <Select
          label="Order"
          value={sort}
          onChange={(event) => {
            setSort(event.target.value as Sort);
          }}
          className="w-44"
        >
          <option value="oldest">Oldest first</option>
          <option value="newest">Newest first</option>
          <option value="largest">Largest amount</option>
        </Select>
      </div>
      <StatusMessage message={outcome?.text} tone={outcome?.tone} />
      {content}
    </section>
  );
}

const PAGE = 25;

function DecidedSection({ kind }: { kind: string }) {
  const [limit, setLimit] = useState(PAGE);
  const decided = useApprovals({ status: 'decided', limit });

  let content;
  if (decided.isPending) content = <Loading />;
  else if (decided.isError)
    content = <StatusMessage message={`Error: ${decided.error.message}`} tone="error" />;
  else {
    const rows = decided.data.approvals.filter((approval) => !kind || approval.kind === kind);
    content =
      rows.length === 0 ? (
        <EmptyState title="Nothing has been decided yet." />
      ) : (
        <>
          <ApprovalTable
            caption="Requests decided lately"
            approvals={rows}
            columns={[
              ...baseColumns,
              {
                label: 'Outcome',
                render: (approval) => {
                  const shown = approval.status === 'pending' ? null : outcomes[approval.status];
                  return shown ? <StatusBadge label={shown.label} tone={shown.tone} /> : null;
                },
              },
              {
                label: 'Decided by',
                render: (approval) => (
                  <span className="flex flex-col items-end lg:items-start">
                    <span>{approval.decidedBy?.name ?? '—'}</span>
                    {approval.decisionNote ? (
                      <span className="text-gray-700">“{approval.decisionNote}”</span>
                    ) : null}
                  </span>
                ),
              },
              {
                label: 'When',
                render: (approval) => (approval.decidedAt ? formatLagosDateTime(approval.decidedAt) : '—'),
                className: 'lg:whitespace-nowrap',
              },
            ]}
          />
          {decided.data.approvals.length >= limit ? (
            <Button
              variant="secondary"
              className="self-center"
              isBusy={decided.isFetching}
              busyLabel={messages.admin.loading}
              onClick={() => {
                setLimit((current) => Math.min(current + PAGE, 200));
              }}
            >
              Show older
            </Button>
          ) : null}
        </>
      );
  }

  return (
    <section aria-labelledby="decided-heading" className="flex flex-col gap-3">
      <h2 id="decided-heading" className="text-lg font-bold text-gray-900">
        Decided lately
      </h2>
      {content}
    </section>
  );
}

/**
 * Maker–checker: money moves above the approval limit wait here until a second admin approves them. The maker
 * may withdraw their own request, never decide it.
 */
export function AdminApprovalsPage() {
  const [kind, setKind] = useState('');
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-gray-900">Approvals</h1>
          <p className="text-sm text-gray-700">
            No admin moves money or gives power alone: credits, debits and deposits past an admin&apos;s
            limits, refunds and deliveries VTpass has not confirmed, prices below cost or fixed by hand, money
            settings, admin accounts and invitations, and money sent back or recovered wait here for a second
            admin.
          </p>
        </div>
        <Select
          label="Show"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value);
          }}
          className="w-64"
        >
          {kindFilters.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </Select>
      </div>
      <PendingSection kind={kind} />
      <DecidedSection kind={kind} />
      <p className="text-sm text-gray-700">
        The approval limits, the referral reward, the manual deposit charge and the other money settings are
        on the{' '}
        <Link to={paths.adminSettings} className="font-semibold text-brand-800 underline">
          Settings page
        </Link>
        .
      </p>
    </div>
  );
}
