import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

/** The catalogue changes rarely: a few minutes between reads is fine. */
export const CATALOG_STALE_MS = 5 * 60_000;

export function getServices(signal?: AbortSignal) {
  return call('GET /api/v1/services', { signal });
}

export const servicesQueryOptions = queryOptions({
  queryKey: queryKeys.services,
  queryFn: ({ signal }) => getServices(signal),
  staleTime: CATALOG_STALE_MS,
});

/** Every service with its kind, network and limits. */
export function useServices() {
  return useQuery(servicesQueryOptions);
}
