import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmailResponse } from '@quickvend/shared/api/profile';
import { call } from '@/lib/api-client.ts';

/** From the mailed link: works signed in or out. */
export function confirmEmail(token: string) {
  return call('POST /api/v1/profile/email/confirm', { body: { token } });
}

/** Confirms the address, then reads everything again (the account's email is a new one). */
export function useConfirmEmail(onConfirmed: (answer: ConfirmEmailResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: (confirmed) => {
      onConfirmed(confirmed);
      void queryClient.invalidateQueries();
    },
  });
}
