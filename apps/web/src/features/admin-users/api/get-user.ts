import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserDetailResponse } from '@quickvend/shared/api/admin-users';
import { call } from '@/lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

export const userQueryKey = (id: string) => [...usersQueryKey, 'detail', id] as const;

export function getUser(id: string, signal?: AbortSignal): Promise<AdminUserDetailResponse> {
  return call('GET /api/v1/admin/users/:id', { params: { id }, signal });
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, signal) });

/** Everything the user's page shows: profile, wallet, statement, purchases, fundings, keys, sessions. */
export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
