import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';

export const serviceRoutesQueryKey = ['admin', 'service-routes'] as const;

export function getServiceRoutes(signal?: AbortSignal) {
  return call('GET /api/v1/admin/service-routes', { signal });
}

export const serviceRoutesQueryOptions = queryOptions({
  queryKey: serviceRoutesQueryKey,
  queryFn: ({ signal }) => getServiceRoutes(signal),
});

/** Every service: its first provider and fallback, and what each provider sells and earned on it. */
export function useServiceRoutes() {
  return useQuery(serviceRoutesQueryOptions);
}
