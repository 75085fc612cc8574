import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { createInvitationBody } from '@quickvend/shared/api/auth';
import type { CreateInvitationResponse } from '@quickvend/shared/api/admin-users';
import type { z } from 'zod';
import { call } from '@/lib/api-client.ts';
import { invitationsQueryKey } from './get-invitations.ts';

/** Asks for an invitation link: a second admin approves it before the link exists. */
export function createInvitation(
  body: z.input<typeof createInvitationBody>,
): Promise<CreateInvitationResponse> {
  return call('POST /api/v1/admin/invitations', { body });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
