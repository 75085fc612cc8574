import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPurchasesSearch, AdminPurchasesResponse } from '@quickvend/shared/api/admin-purchases';
import { call, pathOf } from '@/lib/api-client.ts';
import { adminQueryKeys } from '@/lib/api/admin/admin-query-keys.ts';
import { searchQueryOf } from '@/lib/api/admin/search-query.ts';

/** Every query about purchases in the back office: refreshing it refreshes the lists, counts and details. */
export const adminPurchasesKey = adminQueryKeys.purchases;

export function searchPurchases(
  query: AdminPurchasesSearch,
  signal?: AbortSignal,
): Promise<AdminPurchasesResponse> {
  return call('GET /api/v1/admin/purchases', { query: searchQueryOf(query), signal });
}

export const adminPurchasesQueryOptions = (query: AdminPurchasesSearch) =>
  queryOptions({
    queryKey: [...adminPurchasesKey, 'list', query] as const,
    queryFn: ({ signal }) => searchPurchases(query, signal),
  });

/** A page of purchases; the page shown stays while the next one loads, so the table does not jump. */
export function useAdminPurchases(query: AdminPurchasesSearch) {
  return useQuery({ ...adminPurchasesQueryOptions(query), placeholderData: keepPreviousData });
}

/** Where the CSV of the same search downloads from (every page of it). */
export function purchasesCsvUrl(query: AdminPurchasesSearch): string {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return pathOf('GET /api/v1/admin/purchases.csv', { query: searchQueryOf(filters) });
}
