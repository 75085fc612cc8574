import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserActionResponse } from '@quickvend/shared/api/admin-users';
import { call } from '@/lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

export type UserAction = 'suspend' | 'unsuspend' | 'delete' | 'demote';

/** Made at once on a customer's account; on an admin's, sent for a second admin's approval. */
export function actOnUser(id: string, action: UserAction, reason: string): Promise<UserActionResponse> {
  return call(`POST /api/v1/admin/users/:id/${action}`, { params: { id }, body: { reason } });
}

/** Suspend, restore, delete or demote, each with its reason; the lists and pages are fetched again. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: UserAction; reason: string }) =>
      actOnUser(id, action, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
