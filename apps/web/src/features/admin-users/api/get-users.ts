import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersQuery, AdminUsersResponse } from '@quickvend/shared/api/admin-users';
import { call } from '@/lib/api-client.ts';
import { adminQueryKeys } from '@/lib/api/admin/admin-query-keys.ts';
import { searchQueryOf } from '@/lib/api/admin/search-query.ts';

/** Every query about users in the back office: refreshing it refreshes the lists and the user pages. */
export const usersQueryKey = adminQueryKeys.users;

export function getUsers(query: AdminUsersQuery, signal?: AbortSignal): Promise<AdminUsersResponse> {
  return call('GET /api/v1/admin/users', { query: searchQueryOf(query), signal });
}

export const usersQueryOptions = (query: AdminUsersQuery) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'list', query] as const,
    queryFn: ({ signal }) => getUsers(query, signal),
  });

/** A page of users; the page shown stays while the next one loads, so the table does not jump. */
export function useUsers(query: AdminUsersQuery) {
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}
