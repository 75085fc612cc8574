import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody } from '@quickvend/shared/api/profile';
import { call } from '@/lib/api-client.ts';
import { keepProfile } from './profile-keys.ts';

export function updateProfile(body: UpdateProfileBody) {
  return call('PUT /api/v1/profile', { body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      keepProfile(queryClient, answer);
    },
  });
}
