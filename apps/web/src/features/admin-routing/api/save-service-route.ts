import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveServiceRouteBody, ServiceRoutesResponse } from '@quickvend/shared/api/admin-routing';
import { call } from '@/lib/api-client.ts';
import { serviceRoutesQueryKey } from './get-service-routes.ts';

/**
 * Sets where a service's purchases go, or turns it off; kept in the audit log with its reason.
 * @throws ApiError VALIDATION_FAILED for a provider that is not set up or does not sell the service
 */
export function saveServiceRoute(body: SaveServiceRouteBody) {
  return call('PUT /api/v1/admin/service-routes', { body });
}

export function useSaveServiceRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveServiceRoute,
    onSuccess: ({ service }) => {
      queryClient.setQueryData<ServiceRoutesResponse>(serviceRoutesQueryKey, (current) =>
        current
          ? {
              ...current,
              services: current.services.map((s) => (s.serviceId === service.serviceId ? service : s)),
            }
          : current,
      );
    },
  });
}
