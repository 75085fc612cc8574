import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { sessionsQueryKey } from './profile-keys.ts';

export function endSession(id: string) {
  return call('DELETE /api/v1/profile/sessions/:id', { params: { id } });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
