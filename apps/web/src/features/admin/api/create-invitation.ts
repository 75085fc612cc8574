import { useMutation } from '@tanstack/react-query';
import type { Invitation } from '@quickvend/shared/api/auth';
import { api } from '@/lib/api-client.ts';

export function createInvitation(body: { email?: string }): Promise<{ invitation: Invitation }> {
  return api.post<{ invitation: Invitation }>('/api/v1/admin/invitations', body);
}

export function useCreateInvitation() {
  return useMutation({ mutationFn: createInvitation });
}
