import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseActionResponse } from '@quickvend/shared/api/admin-purchases';
import { call } from '@/lib/api-client.ts';
import { adminPurchasesKey } from './search-purchases.ts';

export function requeryPurchase(id: string): Promise<PurchaseActionResponse> {
  return call('POST /api/v1/admin/purchases/:id/requery', { params: { id } });
}

/** Asks VTpass about the purchase now; the lists, counts and the page are fetched again after. */
export function useRequeryPurchase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requeryPurchase(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPurchasesKey }),
  });
}
