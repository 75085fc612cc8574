import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { statementResponse } from '@quickvend/shared/api/wallet';
import type { z } from 'zod';
import { call } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type StatementPage = z.infer<typeof statementResponse>;

export const STATEMENT_PAGE_SIZE = 20;

export function getStatement(cursor: number | null, signal?: AbortSignal): Promise<StatementPage> {
  return call('GET /api/v1/wallet/statement', { query: { limit: STATEMENT_PAGE_SIZE, cursor }, signal });
}

export const statementQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.statement,
  queryFn: ({ pageParam, signal }) => getStatement(pageParam, signal),
  initialPageParam: null as number | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

/** The wallet statement, newest first, a page at a time. */
export function useStatement() {
  return useInfiniteQuery(statementQueryOptions);
}
