import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseActionResponse } from '@quickvend/shared/api/admin-purchases';
import { api } from '@/lib/api-client.ts';
import { adminPurchasesKey } from './search-purchases.ts';

export function requeryPurchase(id: string): Promise<PurchaseActionResponse> {
  return api.post<PurchaseActionResponse>(`/api/v1/admin/purchases/${encodeURIComponent(id)}/requery`, {});
}

/** Asks VTpass about the purchase now; the lists, counts and the page are fetched again after. */
export function useRequeryPurchase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requeryPurchase(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPurchasesKey }),
  });
}
