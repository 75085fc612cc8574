import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@quickvend/shared/api/profile';
import { call } from '@/lib/api-client.ts';
import { sessionsQueryKey } from './profile-keys.ts';

export function changePassword(body: ChangePasswordBody) {
  return call('POST /api/v1/profile/password', { body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
