import { Link } from '@/lib/router/index.ts';
import type { AdminFunding } from '@quickvend/shared/api/admin-purchases';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { formatNaira } from '@quickvend/shared/money';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { editUserPath } from '@/lib/paths.ts';
import { fundingKindLabels, fundingStateLabels } from './labels.ts';
import { AdminTable, type AdminColumn } from '@/components/admin/admin-table.tsx';

type FundingSort = 'createdAt' | 'amount';

const columns: AdminColumn<AdminFunding, FundingSort>[] = [
  {
    label: 'Date',
    sortKey: 'createdAt',
    render: (f) => <span className="whitespace-nowrap">{formatLagosDateTime(f.createdAt)}</span>,
  },
  {
    label: 'Customer',
    render: (f) =>
      f.buyer ? (
        <Link to={editUserPath(f.buyer.id)} className="flex flex-col underline-offset-4 hover:underline">
          <span className="font-medium text-brand-800">{f.buyer.name.trim() || 'N/A'}</span>
          <span className="text-gray-600">{f.buyer.email}</span>
        </Link>
      ) : (
        <span className="font-mono text-xs">{f.userId}</span>
      ),
  },
  {
    label: 'Kind',
    render: (f) => (
      <span className="flex flex-col">
        <span>{fundingKindLabels[f.kind]}</span>
        <span className="font-mono text-xs text-gray-600">{f.reference}</span>
      </span>
    ),
  },
  {
    label: 'Amount',
    sortKey: 'amount',
    className: 'lg:text-right lg:whitespace-nowrap',
    render: (f) => (
      <span className="flex flex-col lg:items-end">
        <span className="font-semibold">{formatNaira(f.amountKobo)}</span>
        {f.feesKobo ? (
          <span className="text-gray-600">
            {f.kind === 'manual' ? 'charge' : 'fees'} {formatNaira(f.feesKobo)}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    label: 'Credited',
    className: 'lg:text-right lg:whitespace-nowrap',
    render: (f) => (f.creditKobo === null ? '—' : formatNaira(f.creditKobo)),
  },
  {
    label: 'Status',
    render: (f) => (
      <span className="flex flex-col items-end gap-0.5 lg:items-start">
        <StatusBadge {...fundingStateLabels[f.status]} />
        <span className="text-xs text-gray-600">{f.detail}</span>
      </span>
    ),
  },
  { label: 'Note', render: (f) => f.note ?? '' },
];

export function FundingsTable({
  fundings,
  sort,
  order,
  onSort,
}: {
  fundings: AdminFunding[];
  sort: FundingSort;
  order: 'asc' | 'desc';
  onSort: (sort: FundingSort) => void;
}) {
  return (
    <AdminTable
      caption="Fundings found"
      columns={columns}
      rows={fundings}
      rowKey={(f) => f.id}
      empty="No fundings match these filters."
      sorting={{ sort, order, onSort }}
      cardsBelow="lg"
    />
  );
}
