import { Link } from '@/lib/router/index.ts';
import type { AdminPurchase, AdminPurchaseSort } from '@quickvend/shared/api/admin-purchases';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { formatNaira } from '@quickvend/shared/money';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { adminPurchasePath } from '@/lib/paths.ts';
import { channelLabels, shortId, stageLabels } from './labels.ts';
import { AdminTable, type AdminColumn } from '@/components/admin/admin-table.tsx';

const columns: AdminColumn<AdminPurchase, AdminPurchaseSort>[] = [
  {
    label: 'Date',
    sortKey: 'createdAt',
    render: (p) => <span className="whitespace-nowrap">{formatLagosDateTime(p.createdAt)}</span>,
  },
  {
    label: 'Customer',
    render: (p) =>
      p.buyer ? (
        <span className="flex flex-col">
          <span className="font-medium text-gray-900">{p.buyer.name.trim() || 'N/A'}</span>
          <span className="text-gray-600">{p.buyer.email}</span>
        </span>
      ) : (
        <span className="font-mono text-xs">{p.userId}</span>
      ),
  },
  {
    label: 'Service',
    render: (p) => (
      <span className="flex flex-col">
        <span>{p.serviceName}</span>
        <span className="text-gray-600">
          {[p.planName, channelLabels[p.channel]].filter(Boolean).join(' · ')}
        </span>
      </span>
    ),
  },
  {
    label: 'Number',
    render: (p) => (
      <span className="flex flex-col font-mono lg:whitespace-nowrap">
        <span>{p.phone}</span>
        {p.billersCode && p.billersCode !== p.phone ? <span>{p.billersCode}</span> : null}
      </span>
    ),
  },
  {
    label: 'Amount',
    sortKey: 'amount',
    className: 'lg:text-right lg:whitespace-nowrap',
    render: (p) => (
      <span className="flex flex-col lg:items-end">
        <span className="font-semibold">{formatNaira(p.amountKobo)}</span>
        {p.chargedKobo === p.amountKobo ? null : (
          <span className="text-gray-600">charged {formatNaira(p.chargedKobo)}</span>
        )}
      </span>
    ),
  },
  {
    label: 'Status',
    render: (p) => (
      <span className="flex flex-wrap gap-1 lg:flex-col lg:items-start">
        <StatusBadge {...stageLabels[p.stage]} />
        {p.isStuck ? <StatusBadge label="Over 24 hours" tone="error" /> : null}
      </span>
    ),
  },
  {
    label: 'Purchase',
    render: (p) => (
      <span className="flex items-baseline gap-2 lg:flex-col lg:gap-0">
        <span className="font-mono text-xs text-gray-600">{shortId(p.id)}</span>
        <Link
          to={adminPurchasePath(p.id)}
          className="font-semibold text-brand-800 underline underline-offset-4"
          aria-label={`Open the ${p.serviceName} purchase for ${p.phone}`}
        >
          Open
        </Link>
      </span>
    ),
  },
];

export function PurchasesTable({
  purchases,
  sort,
  order,
  onSort,
}: {
  purchases: AdminPurchase[];
  sort: AdminPurchaseSort;
  order: 'asc' | 'desc';
  onSort: (sort: AdminPurchaseSort) => void;
}) {
  return (
    <AdminTable
      caption="Purchases found"
      columns={columns}
      rows={purchases}
      rowKey={(p) => p.id}
      empty="No purchases match these filters."
      sorting={{ sort, order, onSort }}
      cardsBelow="lg"
    />
  );
}
