import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client.ts';

/** `POST /api/v1/profile/email/confirmation`: mails a new link confirming the account's own address (three an hour). */
export function resendEmailConfirmation() {
  return call('POST /api/v1/profile/email/confirmation');
}

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}
