import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentStatus } from '@quickvend/shared/api/funding';
import { call } from '@/lib/api-client.ts';

export const CONFIRM_INTERVAL_MS = 3_000;
/** about 30 s of asking again while the payment is still pending */
export const MAX_CONFIRM_ATTEMPTS = 10;

/** Asks the server to check a payment with the gateway. Idempotent: asking twice credits once. */
export function confirmCardPayment(reference: string) {
  return call('POST /api/v1/funding/card/confirm', { body: { reference } });
}

/**
 * A query rather than a mutation: confirming is idempotent, and a query dedupes a double mount and
 * asks again by itself every few seconds while the payment is still pending.
 */
export function confirmPaymentQueryOptions(reference: string) {
  return queryOptions({
    queryKey: ['funding', 'confirm', reference] as const,
    queryFn: () => confirmCardPayment(reference),
    staleTime: Infinity,
    refetchInterval: (query) => {
      const status: PaymentStatus | undefined = query.state.data?.payment.status;
      return status === 'pending' && query.state.dataUpdateCount < MAX_CONFIRM_ATTEMPTS
        ? CONFIRM_INTERVAL_MS
        : false;
    },
  });
}

export function useConfirmPayment(reference: string | null) {
  return useQuery({ ...confirmPaymentQueryOptions(reference ?? ''), enabled: reference !== null });
}
