import type { CreatePurchaseBody, Purchase } from '@quickvend/shared/api/purchases';
import { api } from '@/lib/api-client.ts';

/**
 * `POST /api/v1/purchases`: 201 for a new purchase, 200 when the same `requestId` was seen with the same
 * body (the purchase it made). A purchase the provider failed is an answer too (`status: 'failed'`,
 * already refunded); an error means the request was not accepted.
 */
export function createPurchase(body: CreatePurchaseBody): Promise<{ purchase: Purchase }> {
  return api.post<{ purchase: Purchase }>('/api/v1/purchases', body);
}
