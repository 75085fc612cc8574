import type { AdminUser } from '@quickvend/shared/api/wallet';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { EmptyState } from '@/components/ui/empty-state.tsx';

const columns = ['User ID', 'Name', 'Email', 'Wallet Balance'] as const;

const cell =
  'flex justify-between gap-3 px-4 py-1.5 text-right text-sm wrap-anywhere before:shrink-0 before:text-left before:font-semibold before:text-gray-600 before:content-[attr(data-label)] md:table-cell md:py-3 md:text-left md:before:content-none';

/** A table on wide screens; on a phone each row becomes a stacked card (no sideways scrolling). */
export function UsersTable({ users }: { users: AdminUser[] }) {
  if (users.length === 0) return <EmptyState title={messages.admin.noUsers} />;
  return (
    <table className="block w-full md:table md:border-collapse md:rounded-xl md:bg-white md:shadow-sm">
      <caption className="sr-only">All users</caption>
      <thead className="sr-only md:not-sr-only md:table-header-group md:bg-gray-100">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-4 py-3 text-left text-sm font-semibold text-gray-800">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 md:table-row-group">
        {users.map((user) => (
          <tr
            key={user.id}
            className="block rounded-xl border border-gray-200 bg-white py-2 md:table-row md:rounded-none md:border-0 md:border-t md:py-0"
          >
            <td data-label="User ID" className={`${cell} font-mono text-xs`}>
              {user.id}
            </td>
            <td data-label="Name" className={cell}>
              {user.name.trim() === '' ? 'N/A' : user.name}
            </td>
            <td data-label="Email" className={cell}>
              {user.email}
            </td>
            <td data-label="Wallet Balance" className={`${cell} font-semibold`}>
              {formatNaira(user.balanceKobo)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
