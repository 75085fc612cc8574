import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { keepProfile } from './profile-keys.ts';

export function setPartnerAccess(enabled: boolean) {
  return call('PUT /api/v1/profile/partner-access', { body: { enabled } });
}

export function useSetPartnerAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPartnerAccess,
    onSuccess: (answer) => {
      keepProfile(queryClient, answer);
    },
  });
}
