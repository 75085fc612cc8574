import { useSearchParams } from '@/lib/router/index.ts';
import { adminPurchasesQuery } from '@quickvend/shared/api/admin-purchases';
import { messages } from '@quickvend/shared/messages';
import { buttonClasses } from '@/components/ui/button.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { usePurchasesSummary } from '@/lib/api/admin/get-purchases-summary.ts';
import { purchasesCsvUrl, useAdminPurchases } from '../api/search-purchases.ts';
import { PurchasesFilters } from './purchases-filters.tsx';
import { PurchasesTable } from './purchases-table.tsx';
import { readSearch, writeSearch } from './search-view.ts';
import { Pagination } from '@/components/admin/pagination.tsx';

/** Every purchase, searched: the stuck ones first in mind, with the way to each one's detail. */
export function AdminPurchasesPage() {
  const [params, setParams] = useSearchParams();
  const view = readSearch(adminPurchasesQuery, params);
  const purchases = useAdminPurchases(view);
  const summary = usePurchasesSummary();
  const show = (next: typeof view) => {
    setParams(writeSearch(adminPurchasesQuery, next));
  };
  const flagged = summary.data?.flagged ?? 0;

  let content;
  if (purchases.isPending) {
    content = (
      <div aria-busy="true">
        <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
        <SkeletonList rows={5} />
      </div>
    );
  } else if (purchases.isError) {
    content = (
      <StatusMessage
        message={
          isApiError(purchases.error, 'FORBIDDEN')
            ? messages.auth.notAdmin
            : `Error: ${purchases.error.message}`
        }
        tone="error"
      />
    );
  } else {
    content = (
      <div aria-busy={purchases.isPlaceholderData || undefined} className="flex flex-col gap-3">
        <PurchasesTable
          purchases={purchases.data.purchases}
          sort={view.sort}
          order={view.order}
          onSort={(sort) => {
            const order = view.sort === sort && view.order === 'desc' ? 'asc' : 'desc';
            show({ ...view, sort, order, page: 1 });
          }}
        />
        <Pagination
          page={view.page}
          pageSize={view.pageSize}
          total={purchases.data.total}
          noun="purchases"
          onPage={(page) => {
            show({ ...view, page });
          }}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="purchases-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="purchases-heading" className="text-2xl font-bold text-gray-900">
          Purchases
        </h1>
        <a href={purchasesCsvUrl(view)} download className={buttonClasses.secondary}>
          Download CSV
        </a>
      </div>
      {flagged > 0 && !view.stuck ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900"
        >
          <p>
            <strong>{flagged}</strong> {flagged === 1 ? 'purchase has' : 'purchases have'} been pending for
            over 24 hours. Chase {flagged === 1 ? 'it' : 'them'} with VTpass, then requery or resolve.
          </p>
          <button
            type="button"
            className={buttonClasses.secondary}
            onClick={() => {
              show({ ...view, stuck: true, page: 1 });
            }}
          >
            Show them
          </button>
        </div>
      ) : null}
      <PurchasesFilters key={params.toString()} view={view} onChange={show} />
      {content}
    </section>
  );
}
