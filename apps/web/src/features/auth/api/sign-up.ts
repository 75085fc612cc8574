import { useMutation } from '@tanstack/react-query';
import type { Me, SignUpBody } from '@quickvend/shared/api/auth';
import { api } from '@/lib/api-client.ts';

export function signUp(body: SignUpBody): Promise<{ user: Me }> {
  return api.post<{ user: Me }>('/api/v1/auth/sign-up', body);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
