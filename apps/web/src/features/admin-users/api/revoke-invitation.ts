import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { invitationsQueryKey } from './get-invitations.ts';

export function revokeInvitation(id: string) {
  return call('POST /api/v1/admin/invitations/:id/revoke', { params: { id } });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
