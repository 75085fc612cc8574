import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { useUsers } from '../api/get-users.ts';
import { InviteAdminForm } from './invite-admin-form.tsx';
import { FlaggedPurchasesSection } from './flagged-purchases-section.tsx';
import { ManualRequestsSection } from './manual-requests-section.tsx';
import { UsersTable } from './users-table.tsx';

function UsersSection() {
  const users = useUsers(true);
  let content;
  if (users.isPending) {
    content = (
      <div aria-busy="true">
        <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
        <SkeletonList rows={4} />
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
    content = <UsersTable users={users.data.users} />;
  }
  return (
    <section aria-labelledby="users-heading" className="flex flex-col gap-3">
      <h2 id="users-heading" className="text-lg font-bold text-gray-900">
        Users
      </h2>
      {content}
    </section>
  );
}

export function AdminPage() {
  const { data: me } = useSession();
  const isAdmin = me?.role === 'admin';
  return (
    <div className="flex flex-col gap-6">
      <title>{`Admin · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">Admin dashboard</h1>
      {isAdmin ? (
        <>
          <FlaggedPurchasesSection />
          <ManualRequestsSection />
          <UsersSection />
          <InviteAdminForm />
        </>
      ) : (
        <StatusMessage message={messages.auth.notAdmin} tone="error" />
      )}
    </div>
  );
}
