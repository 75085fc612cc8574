import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@quickvend/shared/api/auth';
import { api } from '@/lib/api-client.ts';

export function resetPassword(body: ResetPasswordBody): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/v1/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
