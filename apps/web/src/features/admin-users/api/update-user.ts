import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAdminUserBody, UpdateAdminUserResponse } from '@quickvend/shared/api/admin-users';
import { call } from '@/lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

/** Name and phone at once; a new email gets a confirmation link (an admin's after a second admin approves). */
export function updateUser(id: string, body: UpdateAdminUserBody): Promise<UpdateAdminUserResponse> {
  return call('POST /api/v1/admin/users/:id', { params: { id }, body });
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdminUserBody) => updateUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
