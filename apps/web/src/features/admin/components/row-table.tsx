import type { ReactNode } from 'react';
import { messages } from '@quickvend/shared/messages';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';

/** Classes of a labelled cell: a line of a card on a phone, a table cell on a wide laptop. */
export const rowTableCell =
  'flex justify-between gap-3 px-4 py-1.5 text-right text-sm wrap-anywhere before:shrink-0 before:text-left before:font-semibold before:text-gray-600 before:content-[attr(data-label)] xl:table-cell xl:py-3 xl:text-left xl:align-top xl:before:content-none';

/**
 * A back-office list whose rows keep state of their own (a form opened on one row): loading, failed, empty or a
 * table of the rows `children` renders (each a `<tr>`, cards on a phone).
 */
export function RowTable({
  query,
  caption,
  columns,
  empty,
  children,
}: {
  query: { isPending: boolean; error: Error | null };
  caption: string;
  columns: readonly string[];
  empty: string;
  /** the rows, or null while there are none */
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
        <SkeletonList rows={2} />
      </div>
    );
  }
  if (query.error) return <StatusMessage message={`Error: ${query.error.message}`} tone="error" />;
  if (children === null) return <EmptyState title={empty} />;
  return (
    <table className="block w-full xl:table xl:border-collapse xl:rounded-xl xl:bg-white xl:shadow-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only xl:not-sr-only xl:table-header-group xl:bg-gray-100">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-4 py-3 text-left text-sm font-semibold text-gray-800">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 xl:table-row-group">{children}</tbody>
    </table>
  );
}
