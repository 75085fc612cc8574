import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFundingsSearch, AdminFundingsResponse } from '@quickvend/shared/api/admin-purchases';
import { call, pathOf } from '@/lib/api-client.ts';
import { adminQueryKeys } from '@/lib/api/admin/admin-query-keys.ts';
import { searchQueryOf } from '@/lib/api/admin/search-query.ts';

export function searchFundings(
  query: AdminFundingsSearch,
  signal?: AbortSignal,
): Promise<AdminFundingsResponse> {
  return call('GET /api/v1/admin/fundings', { query: searchQueryOf(query), signal });
}

export const adminFundingsQueryOptions = (query: AdminFundingsSearch) =>
  queryOptions({
    queryKey: [...adminQueryKeys.fundings, 'list', query] as const,
    queryFn: ({ signal }) => searchFundings(query, signal),
  });

/** A page of card payments, transfers and manual deposits. */
export function useAdminFundings(query: AdminFundingsSearch) {
  return useQuery({ ...adminFundingsQueryOptions(query), placeholderData: keepPreviousData });
}

/** Where the CSV of the same search downloads from (every page of it). */
export function fundingsCsvUrl(query: AdminFundingsSearch): string {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return pathOf('GET /api/v1/admin/fundings.csv', { query: searchQueryOf(filters) });
}
