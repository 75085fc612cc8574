import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPurchasesSearch, AdminPurchasesResponse } from '@quickvend/shared/api/admin-purchases';
import { api } from '@/lib/api-client.ts';
import { adminQueryKeys } from '@/lib/api/admin/admin-query-keys.ts';

/** Every query about purchases in the back office: refreshing it refreshes the lists, counts and details. */
export const adminPurchasesKey = adminQueryKeys.purchases;

/** The query string of a search: empty filters are left out. */
export function searchParamsOf(query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== false) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function searchPurchases(
  query: AdminPurchasesSearch,
  signal?: AbortSignal,
): Promise<AdminPurchasesResponse> {
  return api.get<AdminPurchasesResponse>(`/api/v1/admin/purchases${searchParamsOf(query)}`, { signal });
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
  return `/api/v1/admin/purchases.csv${searchParamsOf(filters)}`;
}
