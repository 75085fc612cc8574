import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client.ts';

export function getMeta(signal?: AbortSignal) {
  return call('GET /api/v1/meta', { signal });
}

export const metaQueryOptions = queryOptions({
  queryKey: ['meta'] as const,
  queryFn: ({ signal }) => getMeta(signal),
  staleTime: Infinity,
});

export function useMeta() {
  return useQuery(metaQueryOptions);
}
