import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPriceService, ResetPriceQuery } from '@quickvend/shared/api/admin-prices';
import { api } from '@/lib/api-client.ts';
import { showSavedService } from './save-price.ts';

/** A plan's rule is removed; a service's goes back to its default. */
export function resetPrice(target: ResetPriceQuery): Promise<{ service: AdminPriceService }> {
  const query = new URLSearchParams({
    serviceId: target.serviceId,
    variationCode: target.variationCode ?? '',
    channel: target.channel,
    ...(target.reason ? { reason: target.reason } : {}),
  });
  return api.delete<{ service: AdminPriceService }>(`/api/v1/admin/prices?${query.toString()}`);
}

export function useResetPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPrice,
    onSuccess: ({ service }) => showSavedService(queryClient, service),
  });
}
