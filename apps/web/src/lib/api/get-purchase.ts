import type { Purchase } from '@quickvend/shared/api/purchases';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

/** `GET /api/v1/purchases/{requestId}`: one purchase by the request id it was made with. */
export function getPurchase(requestId: string, signal?: AbortSignal): Promise<{ purchase: Purchase }> {
  return api.get<{ purchase: Purchase }>(`/api/v1/purchases/${encodeURIComponent(requestId)}`, { signal });
}

export function purchaseQueryKey(requestId: string) {
  return [...queryKeys.purchases, 'one', requestId] as const;
}
