import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliverPurchaseBody, DeliverRequestResponse } from '@quickvend/shared/api/admin-purchases';
import { call } from '@/lib/api-client.ts';
import { adminPurchasesKey } from './search-purchases.ts';

export function deliverPurchase(id: string, body: DeliverPurchaseBody): Promise<DeliverRequestResponse> {
  return call('POST /api/v1/admin/purchases/:id/deliver', { params: { id }, body });
}

/** Asks a second admin to confirm the purchase was delivered. */
export function useDeliverPurchase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliverPurchaseBody) => deliverPurchase(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPurchasesKey }),
  });
}
