import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@quickvend/shared/api/wallet';
import { api } from '@/lib/api-client.ts';

export function getUsers(signal?: AbortSignal): Promise<{ users: AdminUser[] }> {
  return api.get<{ users: AdminUser[] }>('/api/v1/admin/users', { signal });
}

export const usersQueryOptions = queryOptions({
  queryKey: ['admin', 'users'] as const,
  queryFn: ({ signal }) => getUsers(signal),
});

export function useUsers(isEnabled: boolean) {
  return useQuery({ ...usersQueryOptions, enabled: isEnabled });
}
