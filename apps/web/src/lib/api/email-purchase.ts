import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client.ts';

/** `POST /api/v1/purchases/{requestId}/email`: mail a delivered purchase's token or PINs again. */
export function resendPurchase(requestId: string) {
  return call('POST /api/v1/purchases/:requestId/email', { params: { requestId } });
}

export function useResendPurchase(requestId: string) {
  return useMutation({ mutationFn: () => resendPurchase(requestId) });
}
