import { useMutation } from '@tanstack/react-query';
import type { AdminRegisterBody, Me } from '@quickvend/shared/api/auth';
import { api } from '@/lib/api-client.ts';

export function registerAdmin(body: AdminRegisterBody): Promise<{ user: Me }> {
  return api.post<{ user: Me }>('/api/v1/auth/admin-register', body);
}

export function useRegisterAdmin() {
  return useMutation({ mutationFn: registerAdmin });
}
