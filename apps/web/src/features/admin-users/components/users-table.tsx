import { Fragment, useEffect, useRef, useState } from 'react';
import { Link } from '@/lib/router/index.ts';
import {
  userActionBody,
  type AdminUser,
  type AdminUserSort,
  type SortOrder,
} from '@quickvend/shared/api/admin-users';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { editUserPath } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useUserAction } from '../api/user-actions.ts';
import { displayName, shortId, statusLabels } from './user-labels.ts';

export type TableStatus = { text: string; tone: 'success' | 'error' };

type SortProps = { sort: AdminUserSort; order: SortOrder; onSort: (sort: AdminUserSort) => void };

const cell =
  'flex justify-between gap-3 px-4 py-1.5 text-right text-sm wrap-anywhere before:shrink-0 before:text-left before:font-semibold before:text-gray-600 before:content-[attr(data-label)] lg:table-cell lg:px-2.5 lg:py-3 lg:text-left lg:align-top lg:before:content-none';
const heading = 'px-2.5 py-3 text-left text-sm font-semibold text-gray-800';

function SortableHeader({
  label,
  column,
  sort,
  order,
  onSort,
}: SortProps & { label: string; column: AdminUserSort }) {
  const isSorted = sort === column;
  const direction = order === 'asc' ? 'ascending' : 'descending';
  return (
    <th scope="col" aria-sort={isSorted ? direction : 'none'} className={heading}>
      <button
        type="button"
        onClick={() => {
          onSort(column);
        }}
        className="inline-flex items-center gap-1 rounded text-left font-semibold text-gray-800 hover:text-brand-800 focus-visible:outline-3 focus-visible:outline-brand-500"
      >
        {label}
        <span aria-hidden="true" className={isSorted ? 'text-brand-800' : 'text-gray-400'}>
          {isSorted && order === 'asc' ? '↑' : '↓'}
        </span>
      </button>
    </th>
  );
}

/** An address that wraps before its @ and at its dots rather than mid-word, in a narrow column. */
function EmailAddress({ email }: { email: string }) {
  return email.split(/(?=[@.])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** The date and the time, each kept whole: a narrow column puts the time under the date. */
function SignedUp({ at }: { at: string }) {
  const [date = '', time] = formatLagosDateTime(at).split(', ');
  if (time === undefined) return date;
  return (
    <span>
      <span className="whitespace-nowrap">{date},</span> <span className="whitespace-nowrap">{time}</span>
    </span>
  );
}

function DeleteConfirm({
  user,
  onDone,
  onCancel,
}: {
  user: AdminUser;
  onDone: (status: TableStatus) => void;
  onCancel: () => void;
}) {
  const action = useUserAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);

  const confirm = async () => {
    const parsed = userActionBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await action.mutateAsync({ id: user.id, action: 'delete', reason: parsed.data.reason });
      onDone({ text: messages.admin.userDeleted, tone: 'success' });
    } catch (failure) {
      onDone({
        text: failure instanceof Error ? failure.message : 'Could not delete the user.',
        tone: 'error',
      });
    }
  };

  return (
    <div className="flex flex-col gap-2 lg:w-40">
      <Input
        ref={input}
        label={`Why delete ${displayName(user.name)}?`}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
        }}
        hint="Their personal details are removed; their payments and purchases stay in the books."
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="danger"
          className="flex-1"
          isBusy={action.isPending}
          busyLabel={messages.purchase.processing}
          onClick={() => void confirm()}
        >
          Confirm delete
        </Button>
        <Button variant="text" disabled={action.isPending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function UserRow({
  user,
  isSelf,
  onStatus,
}: {
  user: AdminUser;
  isSelf: boolean;
  onStatus: (status: TableStatus) => void;
}) {
  const [isDeleting, setIsDeleting] = useState(false);
  const status = statusLabels[user.status];
  const name = displayName(user.name);
  return (
    <tr className="block rounded-xl border border-gray-200 bg-white py-2 lg:table-row lg:rounded-none lg:border-0 lg:border-t lg:py-0">
      <td data-label="User ID" className={cell}>
        <span title={user.id} className="font-mono text-xs lg:whitespace-nowrap">
          {shortId(user.id)}
        </span>
      </td>
      <td data-label="Name" className={`${cell} lg:wrap-break-word`}>
        <span className="flex flex-wrap items-center justify-end gap-2 lg:justify-start">
          <span className="font-semibold">{name}</span>
          {user.role === 'admin' ? <StatusBadge label="Admin" tone="neutral" /> : null}
        </span>
      </td>
      <td data-label="Email" className={`${cell} lg:min-w-40`}>
        <span className="flex flex-col lg:items-start">
          <span>
            <EmailAddress email={user.email} />
          </span>
          {user.phone ? <span className="text-gray-700">{user.phone}</span> : null}
        </span>
      </td>
      <td data-label="Wallet Balance" className={`${cell} font-semibold tabular-nums lg:whitespace-nowrap`}>
        {formatNaira(user.balanceKobo)}
      </td>
      <td data-label="Signed up" className={cell}>
        <SignedUp at={user.createdAt} />
      </td>
      <td data-label="Status" className={cell}>
        <StatusBadge label={status.label} tone={status.tone} />
      </td>
      <td className="block px-4 pt-2 pb-1 lg:table-cell lg:px-2.5 lg:py-3 lg:align-top">
        {isDeleting ? (
          <DeleteConfirm
            user={user}
            onCancel={() => {
              setIsDeleting(false);
            }}
            onDone={(outcome) => {
              if (outcome.tone === 'error') setIsDeleting(false);
              onStatus(outcome);
            }}
          />
        ) : (
          <div className="flex gap-2">
            <Link
              to={editUserPath(user.id)}
              aria-label={`Edit ${name}`}
              className={`${buttonClasses.secondary} flex-1 lg:flex-none lg:px-3`}
            >
              Edit
            </Link>
            {user.status === 'deleted' || isSelf ? null : (
              <Button
                variant="text"
                className="flex-1 text-red-800 lg:flex-none lg:px-2"
                aria-label={`Delete ${name}`}
                onClick={() => {
                  setIsDeleting(true);
                }}
              >
                Delete
              </Button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

/** A table on wide screens; on a phone each row becomes a stacked card (no sideways scrolling). */
export function UsersTable({
  users,
  onStatus,
  ...sorting
}: SortProps & { users: AdminUser[]; onStatus: (status: TableStatus) => void }) {
  const { data: me } = useSession();
  if (users.length === 0) return <EmptyState title={messages.admin.noUsers} />;
  return (
    <table className="block w-full lg:table lg:border-collapse lg:rounded-xl lg:bg-white lg:shadow-sm">
      <caption className="sr-only">All users</caption>
      <thead className="sr-only lg:not-sr-only lg:table-header-group lg:bg-gray-100">
        <tr>
          <th scope="col" className={heading}>
            User ID
          </th>
          <th scope="col" className={heading}>
            Name
          </th>
          <th scope="col" className={heading}>
            Email
          </th>
          <SortableHeader label="Wallet Balance" column="balance" {...sorting} />
          <SortableHeader label="Signed up" column="createdAt" {...sorting} />
          <th scope="col" className={heading}>
            Status
          </th>
          <th scope="col" className={heading}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 lg:table-row-group">
        {users.map((user) => (
          <UserRow key={user.id} user={user} isSelf={user.id === me?.id} onStatus={onStatus} />
        ))}
      </tbody>
    </table>
  );
}
