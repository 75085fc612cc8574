import type { ReactNode } from 'react';
import { EmptyState } from '../ui/empty-state.tsx';

export type AdminColumn<T, S extends string = never> = {
  label: string;
  render: (row: T) => ReactNode;
  /** the column sorts the list by this key */
  sortKey?: S;
  /** extra classes for the cell (alignment, numbers) */
  className?: string;
};

export type SortOrder = 'asc' | 'desc';

/** Tailwind reads class names whole: one full set per width at which rows stop being cards. */
const layouts = {
  md: {
    table: 'block w-full md:table md:border-collapse md:rounded-xl md:bg-white md:shadow-sm',
    head: 'sr-only md:not-sr-only md:table-header-group md:bg-gray-100',
    body: 'flex flex-col gap-2 md:table-row-group',
    row: 'block rounded-xl border border-gray-200 bg-white py-1.5 md:table-row md:rounded-none md:border-0 md:border-t md:py-0',
    cell: 'flex justify-between gap-3 px-3 py-1.5 text-right text-sm wrap-anywhere before:shrink-0 before:text-left before:font-semibold before:text-gray-600 before:content-[attr(data-label)] md:table-cell md:py-2.5 md:text-left md:align-top md:before:content-none',
  },
  lg: {
    table: 'block w-full lg:table lg:border-collapse lg:rounded-xl lg:bg-white lg:shadow-sm',
    head: 'sr-only lg:not-sr-only lg:table-header-group lg:bg-gray-100',
    body: 'flex flex-col gap-2 lg:table-row-group',
    row: 'block rounded-xl border border-gray-200 bg-white py-1.5 lg:table-row lg:rounded-none lg:border-0 lg:border-t lg:py-0',
    cell: 'flex justify-between gap-3 px-3 py-1.5 text-right text-sm wrap-anywhere before:shrink-0 before:text-left before:font-semibold before:text-gray-600 before:content-[attr(data-label)] lg:table-cell lg:py-2.5 lg:text-left lg:align-top lg:before:content-none',
  },
} as const;

/**
 * A back-office list: a table on a laptop; on a phone each row becomes a card with its labels, so nothing
 * scrolls sideways. Columns with a `sortKey` sort the list through `sorting` (the server sorts).
 */
export function AdminTable<T, S extends string = never>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  sorting,
  cardsBelow = 'md',
}: {
  caption: string;
  columns: AdminColumn<T, S>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty: string;
  sorting?: { sort: S; order: SortOrder; onSort: (sort: S) => void };
  /** wide lists stay cards up to a laptop's width */
  cardsBelow?: keyof typeof layouts;
}) {
  if (rows.length === 0) return <EmptyState title={empty} />;
  const layout = layouts[cardsBelow];
  return (
    <table className={layout.table}>
      <caption className="sr-only">{caption}</caption>
      <thead className={layout.head}>
        <tr>
          {columns.map((column) => {
            const { sortKey } = column;
            const isSorted = sorting !== undefined && sortKey !== undefined && sortKey === sorting.sort;
            return (
              <th
                key={column.label}
                scope="col"
                aria-sort={isSorted ? (sorting.order === 'asc' ? 'ascending' : 'descending') : undefined}
                className="px-3 py-2.5 text-left text-sm font-semibold text-gray-800"
              >
                {sorting === undefined || sortKey === undefined ? (
                  column.label
                ) : (
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 font-semibold underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-brand-500"
                    onClick={() => {
                      sorting.onSort(sortKey);
                    }}
                  >
                    {column.label}
                    <span aria-hidden="true">{isSorted ? (sorting.order === 'asc' ? '▲' : '▼') : '↕'}</span>
                  </button>
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody className={layout.body}>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={layout.row}>
            {columns.map((column) => (
              <td
                key={column.label}
                data-label={column.label}
                className={`${layout.cell} ${column.className ?? ''}`}
              >
                {column.render(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
