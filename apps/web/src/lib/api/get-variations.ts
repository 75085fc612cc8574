import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';
import { CATALOG_STALE_MS } from './get-services.ts';

export function getVariations(serviceId: string, signal?: AbortSignal) {
  return call('GET /api/v1/services/:serviceId/variations', { params: { serviceId }, signal });
}

export function variationsQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: queryKeys.variations(serviceId),
    queryFn: ({ signal }) => getVariations(serviceId, signal),
    staleTime: CATALOG_STALE_MS,
  });
}

/** The plans of a service (public: readable without signing in). Nothing is fetched for `null`. */
export function useVariations(serviceId: string | null) {
  return useQuery({ ...variationsQueryOptions(serviceId ?? ''), enabled: serviceId !== null });
}
