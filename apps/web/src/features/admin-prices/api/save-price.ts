import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminPriceService, SavePriceBody, SavePriceResponse } from '@quickvend/shared/api/admin-prices';
import { call } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { pricesQueryKey } from './get-prices.ts';

/**
 * Applied at once, or (a fixed price, or a loss allowed) sent to a second admin.
 * @throws ApiError VALIDATION_FAILED (below cost without the loss flag, a fixed price above its bound, a bad
 * value), CONFLICT (a change of this price is already waiting), NOT_FOUND
 */
export function savePrice(body: SavePriceBody): Promise<SavePriceResponse> {
  return call('PUT /api/v1/admin/prices', { body });
}

/** A service's new figures replace its old ones; the app's own prices are read again. */
export async function showSavedService(queryClient: QueryClient, service: AdminPriceService): Promise<void> {
  queryClient.setQueryData<{ services: AdminPriceService[] }>(pricesQueryKey, (old) =>
    old ? { services: old.services.map((s) => (s.id === service.id ? service : s)) } : old,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.services }),
    queryClient.invalidateQueries({ queryKey: queryKeys.variations(service.id) }),
  ]);
}

export function useSavePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrice,
    onSuccess: ({ service }) => showSavedService(queryClient, service),
  });
}
