import { Link, useParams } from '@/lib/router/index.ts';
import type { AdminUserDetailResponse } from '@quickvend/shared/api/admin-users';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { WalletBreakdownTable } from '@/components/wallet/wallet-breakdown-table.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useUser } from '../api/get-user.ts';
import { KeysAndSessions, PurchasesAndFundings, Section, StatementSection } from './user-activity.tsx';
import { UserAccountActions } from './user-account-actions.tsx';
import { displayName, roleLabels, statusLabels } from './user-labels.ts';
import { UserProfileForm } from './user-profile-form.tsx';
import { WalletAdjustmentSlot } from './wallet-adjustment-slot.tsx';

const card = 'flex min-w-0 flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4';

function Facts({ detail }: { detail: AdminUserDetailResponse }) {
  const { user } = detail;
  const rows: [string, string][] = [
    ['User ID', user.id],
    ['Role', roleLabels[user.role]],
    ['Signed up', formatLagosDateTime(user.createdAt)],
    ...(user.suspendedAt
      ? ([['Suspended', formatLagosDateTime(user.suspendedAt)]] as [string, string][])
      : []),
    ...(user.deletedAt ? ([['Deleted', formatLagosDateTime(user.deletedAt)]] as [string, string][]) : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-gray-600">{label}</dt>
          <dd
            className={`min-w-0 wrap-anywhere text-gray-900 ${label === 'User ID' ? 'font-mono text-xs leading-5' : ''}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function UserPage({ detail, isSelf }: { detail: AdminUserDetailResponse; isSelf: boolean }) {
  const { user } = detail;
  const status = statusLabels[user.status];
  const name = displayName(user.name);
  return (
    <div className="flex flex-col gap-6">
      <title>{`${name} · Users · ${PRODUCT_NAME}`}</title>
      <header className="flex flex-col gap-2">
        <Link
          to={paths.adminUsers}
          className="self-start text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          ← All users
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-gray-900 wrap-anywhere">{name}</h1>
          <StatusBadge label={status.label} tone={status.tone} />
          {user.role === 'admin' ? <StatusBadge label="Admin" tone="neutral" /> : null}
        </div>
        {user.status === 'suspended' ? (
          <p
            role="note"
            className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            Suspended {user.suspendedAt ? formatLagosDateTime(user.suspendedAt) : ''}: {user.suspensionReason}
          </p>
        ) : null}
      </header>

      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="profile-heading" className={`${card} lg:self-start`}>
          <h2 id="profile-heading" className="text-lg font-bold text-gray-900">
            Profile
          </h2>
          <Facts detail={detail} />
          <UserProfileForm key={user.id} user={user} isSelf={isSelf} />
        </section>
        <div className="flex min-w-0 flex-col gap-4">
          <section aria-labelledby="wallet-heading" className={card}>
            <h2 id="wallet-heading" className="text-lg font-bold text-gray-900">
              Wallet
            </h2>
            <p className="text-3xl font-bold text-gray-900 tabular-nums">
              {formatNaira(detail.wallet.balanceKobo)}
            </p>
            <WalletBreakdownTable breakdown={detail.wallet.breakdown} />
            <WalletAdjustmentSlot user={user} isSelf={isSelf} />
          </section>
          <section aria-labelledby="account-heading" className={card}>
            <h2 id="account-heading" className="text-lg font-bold text-gray-900">
              Account
            </h2>
            <UserAccountActions user={user} isSelf={isSelf} />
          </section>
        </div>
      </div>

      <StatementSection key={detail.statement.lines[0]?.id ?? 0} userId={user.id} first={detail.statement} />
      <PurchasesAndFundings detail={detail} />
      <KeysAndSessions detail={detail} />
    </div>
  );
}

/** `/edit-user/{id}`: the spec's Edit target, grown into everything the back office knows of one user. */
export function EditUserPage() {
  const { id = '' } = useParams();
  const user = useUser(id);
  const { data: me } = useSession();

  if (user.isPending) {
    return (
      <div aria-busy="true">
        <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
        <SkeletonList rows={4} />
      </div>
    );
  }
  if (user.isError) {
    return (
      <Section id="user-error-heading" title="User">
        <StatusMessage
          message={
            isApiError(user.error, 'NOT_FOUND')
              ? 'We could not find that user.'
              : isApiError(user.error, 'FORBIDDEN')
                ? messages.auth.notAdmin
                : `Error: ${user.error.message}`
          }
          tone="error"
        />
        <Link to={paths.adminUsers} className="text-sm font-semibold text-brand-800 underline">
          Back to all users
        </Link>
      </Section>
    );
  }
  return <UserPage detail={user.data} isSelf={me?.id === user.data.user.id} />;
}
