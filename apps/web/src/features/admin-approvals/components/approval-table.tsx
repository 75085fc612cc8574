import type { ReactNode } from 'react';
import { Link } from '@/lib/router/index.ts';
import type { ApprovalRequest } from '@quickvend/shared/api/admin-money';
import { formatNaira } from '@quickvend/shared/money';
import { adminPurchasePath, editUserPath, paths } from '@/lib/paths.ts';
import { settingChangeOf } from '@/components/admin/setting-labels.ts';
import { shortId } from '@/components/admin/approval-labels.ts';

export type ApprovalColumn = {
  label: string;
  render: (approval: ApprovalRequest) => ReactNode;
  className?: string;
  /** buttons: a full-width block under the card on a phone, without a label */
  isActions?: boolean;
};

const cell =
  'flex justify-between gap-3 px-4 py-1.5 text-right text-sm wrap-anywhere before:shrink-0 before:text-left before:font-semibold before:text-gray-600 before:content-[attr(data-label)] lg:table-cell lg:py-3 lg:text-left lg:align-top lg:before:content-none';

const isPurchaseKind = (kind: string) => kind === 'purchase.deliver' || kind === 'purchase.refund';

/** Who or what the request is about, linked to its page. */
export function ApprovalTarget({ approval }: { approval: ApprovalRequest }) {
  const setting = settingChangeOf(approval);
  const depositor = approval.payload['depositorName'];
  const bank = approval.payload['bankName'];
  const customerHref = approval.customer ? editUserPath(approval.customer.id) : null;
  return (
    <span className="flex min-w-0 flex-col items-end lg:items-start">
      {approval.customer ? (
        <>
          <Link to={editUserPath(approval.customer.id)} className="font-semibold text-brand-800 underline">
            {approval.customer.name}
          </Link>
          <span className="text-gray-700">{approval.customer.email}</span>
        </>
      ) : null}
      {isPurchaseKind(approval.kind) ? (
        <Link to={adminPurchasePath(approval.targetId)} className="font-semibold text-brand-800 underline">
          Purchase {shortId(approval.targetId)}
        </Link>
      ) : setting ? (
        <Link to={paths.adminSettings} className="font-semibold text-brand-800 underline">
          {setting.title}
        </Link>
      ) : approval.subject && approval.subject.href !== customerHref ? (
        <Link to={approval.subject.href} className="font-semibold text-brand-800 underline">
          {approval.subject.label}
        </Link>
      ) : null}
      {typeof depositor === 'string' && typeof bank === 'string' ? (
        <span className="text-gray-700">
          Paid by {depositor} · {bank}
        </span>
      ) : null}
    </span>
  );
}

export const amountOf = (approval: ApprovalRequest) => {
  const setting = settingChangeOf(approval);
  if (setting) return `${formatNaira(setting.beforeKobo)} → ${formatNaira(setting.valueKobo)}`;
  return approval.amountKobo === null ? '—' : formatNaira(approval.amountKobo);
};

/** Requests as a table at a laptop's width, as labelled cards on a phone. */
export function ApprovalTable({
  caption,
  columns,
  approvals,
}: {
  caption: string;
  columns: readonly ApprovalColumn[];
  approvals: readonly ApprovalRequest[];
}) {
  return (
    <table className="block w-full lg:table lg:border-collapse lg:rounded-xl lg:bg-white lg:shadow-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only lg:not-sr-only lg:table-header-group lg:bg-gray-100">
        <tr>
          {columns.map((column) => (
            <th
              key={column.label}
              scope="col"
              className="px-4 py-3 text-left text-sm font-semibold text-gray-800"
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 lg:table-row-group">
        {approvals.map((approval) => (
          <tr
            key={approval.id}
            className="block rounded-xl border border-gray-200 bg-white py-2 lg:table-row lg:rounded-none lg:border-0 lg:border-t lg:py-0"
          >
            {columns.map((column) =>
              column.isActions ? (
                <td key={column.label} className="block px-4 pt-2 pb-1 lg:table-cell lg:py-3 lg:align-top">
                  {column.render(approval)}
                </td>
              ) : (
                <td
                  key={column.label}
                  data-label={column.label}
                  className={`${cell} ${column.className ?? ''}`}
                >
                  {column.render(approval)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
