import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MetaResponse } from '@quickvend/shared/api/meta';
import { api } from '../api-client.ts';

export const metaQueryOptions = queryOptions({
  queryKey: ['meta'] as const,
  queryFn: ({ signal }) => api.get<MetaResponse>('/api/v1/meta', { signal }),
  staleTime: Infinity,
});

export function useMeta() {
  return useQuery(metaQueryOptions);
}

export function useIsSandbox(): boolean {
  return useMeta().data?.mode === 'sandbox';
}
