import { useMutation } from '@tanstack/react-query';
import type { SignUpBody } from '@quickvend/shared/api/auth';
import { call } from '@/lib/api-client.ts';

export function signUp(body: SignUpBody) {
  return call('POST /api/v1/auth/sign-up', { body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
