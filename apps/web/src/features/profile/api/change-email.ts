import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailBody } from '@quickvend/shared/api/profile';
import { call } from '@/lib/api-client.ts';

export function changeEmail(body: ChangeEmailBody) {
  return call('POST /api/v1/profile/email', { body });
}

/** Mails a link to the new address; the email changes only when it is opened. */
export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
