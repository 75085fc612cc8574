import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Variation } from '@quickvend/shared/api/purchases';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';
import { CATALOG_STALE_MS } from './get-services.ts';

export function variationsQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: queryKeys.variations(serviceId),
    queryFn: ({ signal }) =>
      api.get<{ variations: Variation[] }>(`/api/v1/services/${encodeURIComponent(serviceId)}/variations`, {
        signal,
      }),
    staleTime: CATALOG_STALE_MS,
  });
}

/** The plans of a service (public: readable without signing in). Nothing is fetched for `null`. */
export function useVariations(serviceId: string | null) {
  return useQuery({ ...variationsQueryOptions(serviceId ?? ''), enabled: serviceId !== null });
}
