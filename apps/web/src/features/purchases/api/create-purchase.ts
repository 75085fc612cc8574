import { useMutation } from '@tanstack/react-query';
import type { CreatePurchaseBody } from '@quickvend/shared/api/purchases';
import { call } from '@/lib/api-client.ts';

/**
 * `POST /api/v1/purchases`: 201 for a new purchase, 200 when the same `requestId` was seen with the same
 * body (the purchase it made). A purchase the provider failed is an answer too (`status: 'failed'`,
 * already refunded); an error means the request was not accepted.
 */
export function createPurchase(body: CreatePurchaseBody) {
  return call('POST /api/v1/purchases', { body });
}

/** The purchase flow reads each refusal itself (lib/pin-errors.ts and the rest), so it awaits `mutateAsync`. */
export function useCreatePurchase() {
  return useMutation({ mutationFn: createPurchase });
}
