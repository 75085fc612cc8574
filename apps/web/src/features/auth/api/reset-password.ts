import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@quickvend/shared/api/auth';
import { call } from '@/lib/api-client.ts';

export function resetPassword(body: ResetPasswordBody) {
  return call('POST /api/v1/auth/reset-password', { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
