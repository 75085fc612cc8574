import { useMutation } from '@tanstack/react-query';
import type { StartCardPaymentBody, StartCardPaymentResponse } from '@quickvend/shared/api/funding';
import { call } from '@/lib/api-client.ts';

/** Opens a card payment: the server records it and says how to check out (sandbox page or live popup). */
export function startCardPayment(body: StartCardPaymentBody): Promise<StartCardPaymentResponse> {
  return call('POST /api/v1/funding/card', { body });
}

export function useStartCardPayment() {
  return useMutation({ mutationFn: startCardPayment });
}
