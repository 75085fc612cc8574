import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserProfile, UpdateAdminUserBody } from '@quickvend/shared/api/admin-users';
import { api } from '@/lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

export function updateUser(id: string, body: UpdateAdminUserBody): Promise<{ user: AdminUserProfile }> {
  return api.post<{ user: AdminUserProfile }>(`/api/v1/admin/users/${encodeURIComponent(id)}`, body);
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdminUserBody) => updateUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
