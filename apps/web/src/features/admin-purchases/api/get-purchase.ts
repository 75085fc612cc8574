import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPurchaseDetail } from '@quickvend/shared/api/admin-purchases';
import { call } from '@/lib/api-client.ts';
import { adminPurchasesKey } from './search-purchases.ts';

export function getPurchase(id: string, signal?: AbortSignal): Promise<AdminPurchaseDetail> {
  return call('GET /api/v1/admin/purchases/:id', { params: { id }, signal });
}

export const adminPurchaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminPurchasesKey, 'detail', id] as const,
    queryFn: ({ signal }) => getPurchase(id, signal),
  });

/** One purchase with its customer, money and timeline. */
export function useAdminPurchase(id: string) {
  return useQuery(adminPurchaseQueryOptions(id));
}
