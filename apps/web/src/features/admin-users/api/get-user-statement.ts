import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUserDetailResponse } from '@quickvend/shared/api/admin-users';
import { call } from '@/lib/api-client.ts';
import { userQueryKey } from './get-user.ts';

type StatementPage = AdminUserDetailResponse['statement'];

const PAGE_SIZE = 20;

export function getUserStatement(id: string, cursor: number, signal?: AbortSignal): Promise<StatementPage> {
  return call('GET /api/v1/admin/users/:id/statement', {
    params: { id },
    query: { limit: PAGE_SIZE, cursor },
    signal,
  });
}

/** The statement after its first page (which comes with the user's page), further back on demand. */
export const userStatementQueryOptions = (id: string, firstPage: StatementPage) =>
  infiniteQueryOptions({
    queryKey: [...userQueryKey(id), 'statement', firstPage.lines[0]?.id ?? 0] as const,
    queryFn: ({ pageParam, signal }) =>
      pageParam === null ? Promise.resolve(firstPage) : getUserStatement(id, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextCursor,
    initialData: { pages: [firstPage], pageParams: [null] },
    staleTime: Infinity,
  });

export function useUserStatement(id: string, firstPage: StatementPage) {
  return useInfiniteQuery(userStatementQueryOptions(id, firstPage));
}
