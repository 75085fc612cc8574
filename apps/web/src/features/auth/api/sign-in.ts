import { useMutation } from '@tanstack/react-query';
import type { Me, SignInBody } from '@quickvend/shared/api/auth';
import { api } from '@/lib/api-client.ts';

export function signIn(body: SignInBody): Promise<{ user: Me }> {
  return api.post<{ user: Me }>('/api/v1/auth/sign-in', body);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
