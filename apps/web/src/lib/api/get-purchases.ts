import type { PurchaseStatus, purchasesResponse } from '@quickvend/shared/api/purchases';
import type { z } from 'zod';
import { api } from '../api-client.ts';

export type PurchasesPage = z.infer<typeof purchasesResponse>;

export type PurchaseFilters = { serviceId?: string | undefined; status?: PurchaseStatus | undefined };

/** `GET /api/v1/purchases`: the user's purchases, newest first, a page at a time. */
export function listPurchases(
  options: PurchaseFilters & { limit: number; cursor?: string | null | undefined },
  signal?: AbortSignal,
): Promise<PurchasesPage> {
  const query = new URLSearchParams({ limit: String(options.limit) });
  if (options.cursor) query.set('cursor', options.cursor);
  if (options.serviceId) query.set('serviceId', options.serviceId);
  if (options.status) query.set('status', options.status);
  return api.get<PurchasesPage>(`/api/v1/purchases?${query.toString()}`, { signal });
}
