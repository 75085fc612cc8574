import { useMutation } from '@tanstack/react-query';
import type { SignInBody } from '@quickvend/shared/api/auth';
import { call } from '@/lib/api-client.ts';

export function signIn(body: SignInBody) {
  return call('POST /api/v1/auth/sign-in', { body });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
