import { useState, type SyntheticEvent } from 'react';
import {
  ADMIN_USERS_PAGE_SIZES,
  adminUserSort,
  sortOrder,
  userStatus,
  type AdminUserSort,
  type SortOrder,
  type UserStatus,
} from '@quickvend/shared/api/admin-users';
import { role, type Role } from '@quickvend/shared/api/auth';
import { PageSizeSelect, SortSelect, type SortChoice } from '@/components/admin/list-controls.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';

/** The list as the address bar says it: what a link or the back button brings back. */
export type UsersView = {
  q: string;
  role: Role | undefined;
  status: UserStatus | undefined;
  sort: AdminUserSort;
  order: SortOrder;
  page: number;
  pageSize: number;
};

const DEFAULT_PAGE_SIZE = 25;

/** Reads the view from the address; anything it does not understand falls back to the default. */
export function readView(params: URLSearchParams): UsersView {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    q: params.get('q') ?? '',
    role: role.safeParse(params.get('role')).data,
    status: userStatus.safeParse(params.get('status')).data,
    sort: adminUserSort.safeParse(params.get('sort')).data ?? 'createdAt',
    order: sortOrder.safeParse(params.get('order')).data ?? 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (ADMIN_USERS_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The address of a view: defaults are left out, so the plain list has a plain address. */
export function writeView(view: UsersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q.trim()) params.set('q', view.q.trim());
  if (view.role) params.set('role', view.role);
  if (view.status) params.set('status', view.status);
  if (view.sort !== 'createdAt') params.set('sort', view.sort);
  if (view.order !== 'desc') params.set('order', view.order);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  return params;
}

const SORTS: readonly SortChoice<AdminUserSort>[] = [
  { sort: 'createdAt', order: 'desc', label: 'Newest first' },
  { sort: 'createdAt', order: 'asc', label: 'Oldest first' },
  { sort: 'balance', order: 'desc', label: 'Highest balance' },
  { sort: 'balance', order: 'asc', label: 'Lowest balance' },
];

/** Search, filters and sorting; a change starts again from the first page. */
export function UsersFilters({ view, onChange }: { view: UsersView; onChange: (view: UsersView) => void }) {
  const [search, setSearch] = useState(view.q);
  const [shownQuery, setShownQuery] = useState(view.q);
  // the address changed under us (back button, a link): the box follows it
  if (shownQuery !== view.q) {
    setShownQuery(view.q);
    setSearch(view.q);
  }
  const change = (next: Partial<UsersView>) => {
    onChange({ ...view, ...next, page: 1 });
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    change({ q: search });
  };

  return (
    <form
      role="search"
      aria-label="Find users"
      onSubmit={submit}
      className="grid grid-cols-2 gap-3 rounded-2xl border border-gray-200 bg-white p-4 lg:grid-cols-4"
    >
      <Input
        label="Search users"
        type="search"
        placeholder="Name, email, phone or user ID"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
        }}
        className="col-span-2 lg:col-span-3"
      />
      <Button type="submit" variant="secondary" className="col-span-2 self-start lg:col-span-1 lg:mt-7">
        Search
      </Button>
      <Select
        label="Role"
        value={view.role ?? ''}
        onChange={(event) => {
          change({ role: role.safeParse(event.target.value).data });
        }}
      >
        <option value="">All roles</option>
        <option value="user">Users</option>
        <option value="admin">Admins</option>
      </Select>
      <Select
        label="Status"
        value={view.status ?? ''}
        onChange={(event) => {
          change({ status: userStatus.safeParse(event.target.value).data });
        }}
      >
        <option value="">Not deleted</option>
        <option value="active">Active</option>
        <option value="suspended">Suspended</option>
        <option value="deleted">Deleted</option>
      </Select>
      <SortSelect
        choices={SORTS}
        sort={view.sort}
        order={view.order}
        onChange={(next) => {
          change(next);
        }}
      />
      <PageSizeSelect
        sizes={ADMIN_USERS_PAGE_SIZES}
        pageSize={view.pageSize}
        onChange={(pageSize) => {
          change({ pageSize });
        }}
      />
    </form>
  );
}
