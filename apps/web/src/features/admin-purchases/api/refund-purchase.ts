import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundPurchaseBody, RefundPurchaseResponse } from '@quickvend/shared/api/admin-purchases';
import { call } from '@/lib/api-client.ts';
import { adminPurchasesKey } from './search-purchases.ts';

export function refundPurchase(id: string, body: RefundPurchaseBody): Promise<RefundPurchaseResponse> {
  return call('POST /api/v1/admin/purchases/:id/refund', { params: { id }, body });
}

/** Asks VTpass first, then refunds on its word, or asks a second admin; the reason is kept in the audit log. */
export function useRefundPurchase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundPurchaseBody) => refundPurchase(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPurchasesKey }),
  });
}
