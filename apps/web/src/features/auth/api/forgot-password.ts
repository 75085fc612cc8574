import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@quickvend/shared/api/auth';
import { api } from '@/lib/api-client.ts';

export function requestPasswordReset(body: ForgotPasswordBody): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/v1/auth/forgot-password', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
