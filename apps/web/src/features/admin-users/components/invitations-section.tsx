import { useState } from 'react';
import type { AdminInvitation } from '@quickvend/shared/api/admin-users';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { messages } from '@quickvend/shared/messages';
import { Button } from '@/components/ui/button.tsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useInvitations } from '../api/get-invitations.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { InviteAdminForm } from './invite-admin-form.tsx';
import { invitationLabels } from './user-labels.ts';

const cell =
  'flex justify-between gap-3 px-4 py-1.5 text-right text-sm wrap-anywhere before:shrink-0 before:text-left before:font-semibold before:text-gray-600 before:content-[attr(data-label)] lg:table-cell lg:py-3 lg:text-left lg:align-top lg:before:content-none';
const columns = ['Invited', 'Invited by', 'Created', 'Expires', 'Status', 'Used by'] as const;

function InvitationRow({
  invitation,
  onStatus,
}: {
  invitation: AdminInvitation;
  onStatus: (status: { text: string; tone: 'success' | 'error' }) => void;
}) {
  const revoke = useRevokeInvitation();
  const label = invitationLabels[invitation.status];
  const who = invitation.email ?? 'Anyone with the link';
  const doRevoke = async () => {
    try {
      await revoke.mutateAsync(invitation.id);
      onStatus({ text: `Invitation for ${who} revoked: the link no longer works.`, tone: 'success' });
    } catch (error) {
      onStatus({ text: error instanceof Error ? error.message : 'Could not revoke it.', tone: 'error' });
    }
  };
  return (
    <tr className="block rounded-xl border border-gray-200 bg-white py-2 lg:table-row lg:rounded-none lg:border-0 lg:border-t lg:py-0">
      <td data-label="Invited" className={cell}>
        {who}
      </td>
      <td data-label="Invited by" className={cell}>
        {invitation.createdBy?.name ?? 'N/A'}
      </td>
      <td data-label="Created" className={`${cell} lg:whitespace-nowrap`}>
        {formatLagosDateTime(invitation.createdAt)}
      </td>
      <td data-label="Expires" className={`${cell} lg:whitespace-nowrap`}>
        {formatLagosDateTime(invitation.expiresAt)}
      </td>
      <td data-label="Status" className={cell}>
        <StatusBadge label={label.label} tone={label.tone} />
      </td>
      <td data-label="Used by" className={cell}>
        {invitation.usedBy ? `${invitation.usedBy.name} (${invitation.usedBy.email})` : '—'}
      </td>
      <td className="block px-4 pt-2 pb-1 lg:table-cell lg:py-3 lg:align-top">
        {invitation.status === 'open' ? (
          <div className="flex flex-wrap items-center gap-2">
            {invitation.url ? <CopyButton text={invitation.url} what={`invitation link for ${who}`} /> : null}
            <Button
              variant="text"
              className="text-red-800"
              isBusy={revoke.isPending}
              busyLabel={messages.purchase.processing}
              aria-label={`Revoke the invitation for ${who}`}
              onClick={() => void doRevoke()}
            >
              Revoke
            </Button>
          </div>
        ) : null}
      </td>
    </tr>
  );
}

/** New admins only by invitation: make a link, see every link made, copy an open one, revoke it. */
export function InvitationsSection() {
  const invitations = useInvitations();
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  let content;
  if (invitations.isPending) {
    content = (
      <div aria-busy="true">
        <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
        <SkeletonList rows={2} />
      </div>
    );
  } else if (invitations.isError) {
    content = <StatusMessage message={`Error: ${invitations.error.message}`} tone="error" />;
  } else if (invitations.data.invitations.length === 0) {
    content = <EmptyState title="No invitations yet." />;
  } else {
    content = (
      <table className="block w-full lg:table lg:border-collapse lg:rounded-xl lg:bg-white lg:shadow-sm">
        <caption className="sr-only">Admin invitations</caption>
        <thead className="sr-only lg:not-sr-only lg:table-header-group lg:bg-gray-100">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-4 py-3 text-left text-sm font-semibold text-gray-800"
              >
                {column}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 lg:table-row-group">
          {invitations.data.invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} onStatus={setStatus} />
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
      <h2 id="invitations-heading" className="text-lg font-bold text-gray-900">
        Admin invitations
      </h2>
      <InviteAdminForm />
      <StatusMessage message={status?.text} tone={status?.tone} />
      {content}
    </section>
  );
}
