import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetPriceQuery } from '@quickvend/shared/api/admin-prices';
import { call } from '@/lib/api-client.ts';
import { showSavedService } from './save-price.ts';

/** A plan's rule is removed; a service's goes back to its default. */
export function resetPrice(target: ResetPriceQuery) {
  return call('DELETE /api/v1/admin/prices', {
    query: {
      serviceId: target.serviceId,
      variationCode: target.variationCode ?? '',
      channel: target.channel,
      reason: target.reason || undefined,
    },
  });
}

export function useResetPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPrice,
    onSuccess: ({ service }) => showSavedService(queryClient, service),
  });
}
