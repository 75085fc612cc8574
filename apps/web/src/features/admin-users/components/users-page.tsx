import { useState } from 'react';
import { useSearchParams } from '@/lib/router/index.ts';
import { messages } from '@quickvend/shared/messages';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useUsers } from '../api/get-users.ts';
import { InvitationsSection } from './invitations-section.tsx';
import { Pagination } from '@/components/admin/pagination.tsx';
import { readView, UsersFilters, writeView, type UsersView } from './users-filters.tsx';
import { UsersTable, type TableStatus } from './users-table.tsx';

/** The spec's admin list of users, searchable and paged, with the invitations that make new admins. */
export function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const [status, setStatus] = useState<TableStatus | null>(null);
  const users = useUsers({
    q: view.q || undefined,
    role: view.role,
    status: view.status,
    sort: view.sort,
    order: view.order,
    page: view.page,
    pageSize: view.pageSize,
  });
  const show = (next: UsersView) => {
    setStatus(null);
    setParams(writeView(next));
  };

  let content;
  if (users.isPending) {
    content = (
      <div aria-busy="true">
        <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
        <SkeletonList rows={5} />
      </div>
    );
  } else if (users.isError) {
    content = (
      <StatusMessage
        message={
          isApiError(users.error, 'FORBIDDEN') ? messages.auth.notAdmin : `Error: ${users.error.message}`
        }
        tone="error"
      />
    );
  } else {
    content = (
      <div aria-busy={users.isPlaceholderData || undefined} className="flex flex-col gap-3">
        <UsersTable
          users={users.data.users}
          sort={view.sort}
          order={view.order}
          onSort={(sort) => {
            const order = view.sort === sort && view.order === 'desc' ? 'asc' : 'desc';
            show({ ...view, sort, order, page: 1 });
          }}
          onStatus={setStatus}
        />
        <Pagination
          page={view.page}
          pageSize={view.pageSize}
          total={users.data.total}
          noun="users"
          onPage={(page) => {
            show({ ...view, page });
          }}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="users-heading" className="flex flex-col gap-3">
        <h1 id="users-heading" className="text-2xl font-bold text-gray-900">
          Users
        </h1>
        <UsersFilters view={view} onChange={show} />
        <StatusMessage message={status?.text} tone={status?.tone} />
        {content}
      </section>
      <InvitationsSection />
    </div>
  );
}
