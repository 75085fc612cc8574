import { useSearchParams } from '@/lib/router/index.ts';
import { adminFundingsQuery } from '@quickvend/shared/api/admin-purchases';
import { messages } from '@quickvend/shared/messages';
import { buttonClasses } from '@/components/ui/button.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { fundingsCsvUrl, useAdminFundings } from '../api/search-fundings.ts';
import { FundingsFilters } from './fundings-filters.tsx';
import { FundingsTable } from './fundings-table.tsx';
import { readSearch, writeSearch } from './search-view.ts';
import { ManualRequestsSection } from '@/components/admin/manual-requests-section.tsx';
import { Pagination } from '@/components/admin/pagination.tsx';
import { RefundsDueSection } from './refunds-due-section.tsx';

/**
 * Manual deposits to decide and money to send back, then every card payment, bank transfer and manual deposit,
 * searched as one list.
 */
export function AdminFundingsPage() {
  const [params, setParams] = useSearchParams();
  const view = readSearch(adminFundingsQuery, params);
  const fundings = useAdminFundings(view);
  const show = (next: typeof view) => {
    setParams(writeSearch(adminFundingsQuery, next));
  };

  let content;
  if (fundings.isPending) {
    content = (
      <div aria-busy="true">
        <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
        <SkeletonList rows={5} />
      </div>
    );
  } else if (fundings.isError) {
    content = (
      <StatusMessage
        message={
          isApiError(fundings.error, 'FORBIDDEN')
            ? messages.auth.notAdmin
            : `Error: ${fundings.error.message}`
        }
        tone="error"
      />
    );
  } else {
    content = (
      <div aria-busy={fundings.isPlaceholderData || undefined} className="flex flex-col gap-3">
        <FundingsTable
          fundings={fundings.data.fundings}
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
          total={fundings.data.total}
          noun="fundings"
          onPage={(page) => {
            show({ ...view, page });
          }}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="fundings-heading" className="flex flex-col gap-6">
      <h1 id="fundings-heading" className="text-2xl font-bold text-gray-900">
        Fundings
      </h1>
      <ManualRequestsSection />
      <RefundsDueSection />
      <section aria-labelledby="all-fundings-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="all-fundings-heading" className="text-lg font-bold text-gray-900">
            All fundings
          </h2>
          <a href={fundingsCsvUrl(view)} download className={buttonClasses.secondary}>
            Download CSV
          </a>
        </div>
        <FundingsFilters key={params.toString()} view={view} onChange={show} />
        {content}
      </section>
    </section>
  );
}
