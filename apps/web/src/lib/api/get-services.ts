import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@quickvend/shared/api/purchases';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

/** The catalogue changes rarely: a few minutes between reads is fine. */
export const CATALOG_STALE_MS = 5 * 60_000;

export const servicesQueryOptions = queryOptions({
  queryKey: queryKeys.services,
  queryFn: ({ signal }) => api.get<{ services: Service[] }>('/api/v1/services', { signal }),
  staleTime: CATALOG_STALE_MS,
});

/** Every service with its kind, network and limits. */
export function useServices() {
  return useQuery(servicesQueryOptions);
}

/** One service's limits (undefined while loading or when the list could not be read). */
export function useService(serviceId: string | undefined): Service | undefined {
  const services = useServices();
  return serviceId === undefined ? undefined : services.data?.services.find((s) => s.id === serviceId);
}
