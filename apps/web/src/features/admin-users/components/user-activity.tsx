import type { ReactNode } from 'react';
import { Link } from '@/lib/router/index.ts';
import type { AdminUserDetailResponse } from '@quickvend/shared/api/admin-users';
import type { ManualFundingRequest, Payment } from '@quickvend/shared/api/funding';
import type { Purchase } from '@quickvend/shared/api/purchases';
import type { AdminStatementLine } from '@quickvend/shared/api/wallet';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge.tsx';
import { adminPurchasePath } from '@/lib/paths.ts';
import { useUserStatement } from '../api/get-user-statement.ts';
import { AdminTable, type AdminColumn } from '@/components/admin/admin-table.tsx';
import { describeDevice } from './user-labels.ts';

type Detail = AdminUserDetailResponse;

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="text-lg font-bold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const money = 'tabular-nums md:whitespace-nowrap';
const when = (iso: string | null) => (iso ? formatLagosDateTime(iso) : '—');

const purchaseTones: Record<Purchase['status'], BadgeTone> = {
  delivered: 'success',
  pending: 'warning',
  failed: 'error',
};
const paymentTones: Record<Payment['status'], BadgeTone> = {
  success: 'success',
  pending: 'warning',
  review: 'warning',
  failed: 'error',
  abandoned: 'neutral',
};
const manualTones: Record<ManualFundingRequest['status'], BadgeTone> = {
  approved: 'success',
  pending: 'warning',
  rejected: 'error',
};
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const statementColumns: AdminColumn<AdminStatementLine>[] = [
  { label: 'Date', render: (line) => when(line.createdAt), className: 'md:whitespace-nowrap' },
  {
    label: 'What',
    render: (line) => (
      <span className="flex flex-col md:items-start">
        {line.link ? (
          <Link to={line.link} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
            {line.description}
          </Link>
        ) : (
          <span>{line.description}</span>
        )}
        {line.note ? <span className="text-sm text-gray-700">“{line.note}”</span> : null}
        <span className="font-mono text-xs wrap-anywhere text-gray-600">{line.reference}</span>
      </span>
    ),
  },
  {
    label: 'In',
    render: (line) => (line.inKobo ? formatNaira(line.inKobo) : ''),
    className: `${money} text-green-800`,
  },
  {
    label: 'Out',
    render: (line) => (line.outKobo ? formatNaira(line.outKobo) : ''),
    className: `${money} text-red-800`,
  },
  {
    label: 'Balance after',
    render: (line) => formatNaira(line.balanceAfterKobo),
    className: `${money} font-semibold`,
  },
];

/** The wallet's lines, newest first, the older ones on demand. */
export function StatementSection({ userId, first }: { userId: string; first: Detail['statement'] }) {
  const statement = useUserStatement(userId, first);
  const lines = statement.data.pages.flatMap((page) => page.lines);
  return (
    <Section id="statement-heading" title="Statement">
      <AdminTable
        caption="Wallet statement"
        columns={statementColumns}
        rows={lines}
        rowKey={(line) => line.id}
        empty="No money has moved in this wallet yet."
      />
      {statement.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-start"
          isBusy={statement.isFetchingNextPage}
          busyLabel={messages.common.loading}
          onClick={() => void statement.fetchNextPage()}
        >
          Show older lines
        </Button>
      ) : null}
    </Section>
  );
}

const purchaseColumns: AdminColumn<Purchase>[] = [
  { label: 'Date', render: (p) => when(p.createdAt), className: 'md:whitespace-nowrap' },
  {
    label: 'Purchase',
    render: (p) => (
      <Link
        to={adminPurchasePath(p.id)}
        className="font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        {p.serviceName}
        {p.planName ? ` · ${p.planName}` : ''}
      </Link>
    ),
  },
  { label: 'For', render: (p) => p.billersCode ?? p.phone },
  { label: 'Charged', render: (p) => formatNaira(p.chargedKobo), className: money },
  {
    label: 'Status',
    render: (p) => <StatusBadge label={capitalised(p.status)} tone={purchaseTones[p.status]} />,
  },
];

const paymentColumns: AdminColumn<Payment>[] = [
  { label: 'Date', render: (p) => when(p.paidAt ?? p.createdAt), className: 'md:whitespace-nowrap' },
  { label: 'Method', render: (p) => (p.channel === 'card' ? 'Card' : 'Bank transfer') },
  { label: 'Reference', render: (p) => <span className="font-mono text-xs">{p.reference}</span> },
  { label: 'Amount', render: (p) => formatNaira(p.amountKobo), className: money },
  {
    label: 'Status',
    render: (p) => <StatusBadge label={capitalised(p.status)} tone={paymentTones[p.status]} />,
  },
];

const manualColumns: AdminColumn<ManualFundingRequest>[] = [
  { label: 'Date', render: (r) => when(r.createdAt), className: 'md:whitespace-nowrap' },
  { label: 'Depositor', render: (r) => `${r.depositorName} · ${r.bankName}` },
  { label: 'Amount', render: (r) => formatNaira(r.amountKobo), className: money },
  { label: 'Credit', render: (r) => formatNaira(r.creditKobo), className: money },
  {
    label: 'Status',
    render: (r) => <StatusBadge label={capitalised(r.status)} tone={manualTones[r.status]} />,
  },
];

/** Recent purchases, card and transfer payments, and manual deposits. */
export function PurchasesAndFundings({ detail }: { detail: Detail }) {
  return (
    <>
      <Section id="purchases-heading" title="Recent purchases">
        <AdminTable
          caption="Recent purchases"
          columns={purchaseColumns}
          rows={detail.purchases}
          rowKey={(p) => p.id}
          empty={messages.transactions.empty}
        />
      </Section>
      <Section id="fundings-heading" title="Fundings">
        <h3 className="text-base font-semibold text-gray-800">Card and transfer payments</h3>
        <AdminTable
          caption="Card and transfer payments"
          columns={paymentColumns}
          rows={detail.payments}
          rowKey={(p) => p.id}
          empty="No card or transfer payments."
        />
        <h3 className="text-base font-semibold text-gray-800">Manual deposits</h3>
        <AdminTable
          caption="Manual deposits"
          columns={manualColumns}
          rows={detail.manualRequests}
          rowKey={(r) => r.id}
          empty="No manual deposits."
        />
      </Section>
    </>
  );
}

/** Partner API keys (never the key itself) and signed-in browsers. */
export function KeysAndSessions({ detail }: { detail: Detail }) {
  return (
    <>
      <Section id="keys-heading" title="API keys">
        <AdminTable
          caption="API keys"
          columns={[
            { label: 'Name', render: (k) => k.name },
            { label: 'Starts with', render: (k) => <span className="font-mono text-xs">{k.prefix}…</span> },
            { label: 'Created', render: (k) => when(k.createdAt), className: 'md:whitespace-nowrap' },
            { label: 'Last used', render: (k) => when(k.lastUsedAt), className: 'md:whitespace-nowrap' },
            {
              label: 'Revoked',
              render: (k) => (k.revokedAt ? when(k.revokedAt) : <StatusBadge label="Live" tone="success" />),
              className: 'md:whitespace-nowrap',
            },
          ]}
          rows={detail.apiKeys}
          rowKey={(k) => k.id}
          empty="No API keys."
        />
      </Section>
      <Section id="sessions-heading" title="Signed-in devices">
        <AdminTable
          caption="Signed-in devices"
          columns={[
            {
              label: 'Device',
              render: (s) => <span title={s.userAgent ?? undefined}>{describeDevice(s.userAgent)}</span>,
            },
            {
              label: 'IP address',
              render: (s) => <span className="font-mono text-xs">{s.ipAddress || '—'}</span>,
            },
            { label: 'Last seen', render: (s) => when(s.lastSeenAt), className: 'md:whitespace-nowrap' },
            { label: 'Signed in', render: (s) => when(s.createdAt), className: 'md:whitespace-nowrap' },
          ]}
          rows={detail.sessions}
          rowKey={(s) => s.id}
          empty="Not signed in anywhere."
        />
      </Section>
    </>
  );
}
