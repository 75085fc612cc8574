import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Mails the user a link to choose a new PIN. */
export function requestPinChange(body: { email: string }): Promise<unknown> {
  return api.post<unknown>('/api/v1/pin/change-request', body);
}

export function useRequestPinChange() {
  return useMutation({ mutationFn: requestPinChange });
}

/** From the mailed link: the account password and the new PIN. */
export function resetPin(body: { token: string; password: string; pin: string }): Promise<unknown> {
  return api.post<unknown>('/api/v1/pin/reset', body);
}

export function useResetPin() {
  return useMutation({ mutationFn: resetPin });
}
