import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Purchase, PurchaseStatus, purchasesResponse } from '@quickvend/shared/api/purchases';
import type { z } from 'zod';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

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

export function getPurchase(requestId: string, signal?: AbortSignal): Promise<{ purchase: Purchase }> {
  return api.get<{ purchase: Purchase }>(`/api/v1/purchases/${encodeURIComponent(requestId)}`, { signal });
}

export function purchaseQueryKey(requestId: string) {
  return [...queryKeys.purchases, 'one', requestId] as const;
}

export const RECENT_PURCHASES = 5;

export const recentPurchasesQueryOptions = queryOptions({
  queryKey: [...queryKeys.purchases, 'recent'] as const,
  queryFn: ({ signal }) => listPurchases({ limit: RECENT_PURCHASES }, signal),
});

/** The user's latest purchases (the dashboard's short list). */
export function useRecentPurchases() {
  return useQuery(recentPurchasesQueryOptions);
}

export const purchaseStatusLabels: Record<PurchaseStatus, string> = {
  delivered: 'Delivered',
  pending: 'Pending',
  failed: 'Failed',
};
