import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';

export function closeAccount(password: string) {
  return call('POST /api/v1/profile/close', { body: { password } });
}

export function useCloseAccount() {
  return useMutation({ mutationFn: closeAccount });
}
