import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminInvitation } from '@quickvend/shared/api/admin-users';
import { api } from '@/lib/api-client.ts';
import { invitationsQueryKey } from './get-invitations.ts';

export function revokeInvitation(id: string): Promise<{ invitation: AdminInvitation }> {
  return api.post<{ invitation: AdminInvitation }>(
    `/api/v1/admin/invitations/${encodeURIComponent(id)}/revoke`,
  );
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
