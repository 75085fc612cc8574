import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseActionResponse, RefundPurchaseBody } from '@quickvend/shared/api/admin-purchases';
import { api } from '@/lib/api-client.ts';
import { adminPurchasesKey } from './search-purchases.ts';

/** Gives the customer their money back, with the reason the audit log keeps. */
export function useRefundPurchase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundPurchaseBody) =>
      api.post<PurchaseActionResponse>(`/api/v1/admin/purchases/${encodeURIComponent(id)}/refund`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPurchasesKey }),
  });
}
