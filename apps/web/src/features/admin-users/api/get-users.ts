import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersQuery, AdminUsersResponse } from '@quickvend/shared/api/admin-users';
import { api } from '@/lib/api-client.ts';
import { adminQueryKeys } from '@/lib/api/admin/admin-query-keys.ts';

/** Every query about users in the back office: refreshing it refreshes the lists and the user pages. */
export const usersQueryKey = adminQueryKeys.users;

export function getUsers(query: AdminUsersQuery, signal?: AbortSignal): Promise<AdminUsersResponse> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return api.get<AdminUsersResponse>(`/api/v1/admin/users${search ? `?${search}` : ''}`, { signal });
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
