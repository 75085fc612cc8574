import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@quickvend/shared/api/auth';
import { call } from '@/lib/api-client.ts';

export function requestPasswordReset(body: ForgotPasswordBody) {
  return call('POST /api/v1/auth/forgot-password', { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
