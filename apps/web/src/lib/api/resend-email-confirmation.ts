import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** `POST /api/v1/profile/email/confirmation`: mails a new link confirming the account's own address (three an hour). */
export function useResendEmailConfirmation() {
  return useMutation({
    mutationFn: () => api.post<{ sentTo: string }>('/api/v1/profile/email/confirmation', {}),
  });
}
