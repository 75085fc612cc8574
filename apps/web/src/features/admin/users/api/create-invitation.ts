import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@quickvend/shared/api/auth';
import { api } from '@/lib/api-client.ts';
import { invitationsQueryKey } from './get-invitations.ts';

export function createInvitation(body: { email?: string }): Promise<{ invitation: Invitation }> {
  return api.post<{ invitation: Invitation }>('/api/v1/admin/invitations', body);
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
