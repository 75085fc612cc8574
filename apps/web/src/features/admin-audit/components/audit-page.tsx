import { PRODUCT_NAME } from '@quickvend/shared/services';
import { useSearchParams } from '@/lib/router/index.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { AUDIT_FILTER_KEYS, auditCsvUrl, useAuditLog, type AuditFilters } from '../api/get-audit-log.ts';
import { AuditEntryRow, AUDIT_COLUMNS } from './audit-entry-row.tsx';
import { AuditFiltersForm } from './audit-filters.tsx';
import { errorLine } from '@/lib/form-errors.ts';

function filtersOf(search: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** Every admin and command-line action, newest first: who, when, what, on what, the change, why, from where. */
export function AdminAuditPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  const apply = (next: AuditFilters) => {
    const query = new URLSearchParams();
    for (const key of AUDIT_FILTER_KEYS) {
      const value = next[key]?.trim();
      if (value) query.set(key, value);
    }
    setSearch(query, { replace: true });
  };

  let content;
  if (log.isPending) {
    content = <SkeletonList rows={5} />;
  } else if (log.isError) {
    content = <StatusMessage message={errorLine(log.error)} tone="error" />;
  } else if (entries.length === 0) {
    content = <EmptyState title="No audited actions match these filters." />;
  } else {
    content = (
      <div className="flex flex-col gap-3" aria-busy={log.isFetching}>
        <table className="block w-full text-sm xl:table xl:rounded-xl xl:border xl:border-gray-200 xl:bg-white">
          <caption className="sr-only">Audit log</caption>
          <thead className="sr-only xl:not-sr-only xl:table-header-group xl:bg-gray-50">
            <tr>
              {AUDIT_COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-4 py-2 text-left font-semibold text-gray-700">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="flex flex-col gap-3 xl:table-row-group">
            {entries.map((entry) => (
              <AuditEntryRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
        {log.hasNextPage ? (
          <Button
            variant="secondary"
            isBusy={log.isFetchingNextPage}
            busyLabel="Loading..."
            onClick={() => {
              void log.fetchNextPage();
            }}
            className="self-center"
          >
            Show older
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <title>{`Audit log · Admin · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-gray-900">Audit log</h1>
          <p className="text-sm text-gray-700">
            Every admin and command-line action. Nobody can edit or delete it.
          </p>
        </div>
        <a href={auditCsvUrl(filters)} download className={`${buttonClasses.secondary} text-sm`}>
          Download CSV
        </a>
      </div>
      <AuditFiltersForm key={search.toString()} filters={filters} onApply={apply} />
      {content}
    </div>
  );
}
