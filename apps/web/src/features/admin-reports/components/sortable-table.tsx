import { useState, type ReactNode } from 'react';

export type Column<Row> = {
  key: string;
  header: string;
  /** what the column sorts by */
  sortValue: (row: Row) => number | string;
  render: (row: Row) => ReactNode;
  isNumeric?: boolean;
  /** kept on one line, as a date is */
  isNowrap?: boolean;
};

type SortableTableProps<Row> = {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** the totals line, kept last whatever the order */
  footer?: Row | undefined;
  empty?: ReactNode;
};

type Sort = { key: string; direction: 'ascending' | 'descending' } | null;

/**
 * A table whose column headers sort it. On a laptop it fits the page: headers wrap, amounts never do; on a
 * narrow screen it scrolls sideways inside its box.
 */
export function SortableTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  empty,
}: SortableTableProps<Row>) {
  const [sort, setSort] = useState<Sort>(null);
  const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
  const sorted = column
    ? [...rows].sort((a, b) => {
        const left = column.sortValue(a);
        const right = column.sortValue(b);
        const order =
          typeof left === 'number' && typeof right === 'number'
            ? left - right
            : String(left).localeCompare(String(right));
        return sort?.direction === 'descending' ? -order : order;
      })
    : rows;

  const toggle = (key: string) => {
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: columns.find((c) => c.key === key)?.isNumeric ? 'descending' : 'ascending' },
    );
  };
  const align = (c: Column<Row>) =>
    `${c.isNumeric ? 'text-right tabular-nums' : 'text-left'} ${c.isNumeric || c.isNowrap ? 'whitespace-nowrap' : ''}`;

  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="w-full min-w-max border-collapse text-sm lg:min-w-0">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={sort?.key === c.key ? sort.direction : undefined}
                className={`px-2 py-1 font-semibold lg:px-1 lg:text-xs ${c.isNumeric ? 'text-right' : 'text-left'}`}
              >
                <button
                  type="button"
                  onClick={() => {
                    toggle(c.key);
                  }}
                  className={`inline-flex min-h-11 items-center gap-0.5 rounded hover:text-gray-900 focus-visible:outline-3 focus-visible:outline-brand-500 ${c.isNumeric ? 'text-right' : 'text-left'}`}
                >
                  {c.header}
                  <span aria-hidden="true" className="text-[0.65rem] text-gray-500">
                    {sort?.key === c.key ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-gray-700">
                {empty}
              </td>
            </tr>
          ) : (
            sorted.map((row) => (
              <tr key={rowKey(row)} className="border-t border-gray-100">
                {columns.map((c) => (
                  <td key={c.key} className={`px-2 py-2 lg:px-1 ${align(c)}`}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {footer ? (
          <tfoot className="border-t-2 border-gray-300 font-semibold text-gray-900">
            <tr>
              {columns.map((c) => (
                <td key={c.key} className={`px-2 py-2 lg:px-1 ${align(c)}`}>
                  {c.render(footer)}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
