import { useMutation } from '@tanstack/react-query';
import type { AdminRegisterBody } from '@quickvend/shared/api/auth';
import { call } from '@/lib/api-client.ts';

export function registerAdmin(body: AdminRegisterBody) {
  return call('POST /api/v1/auth/admin-register', { body });
}

export function useRegisterAdmin() {
  return useMutation({ mutationFn: registerAdmin });
}
