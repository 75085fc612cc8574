import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalletAdjustmentBody, WalletAdjustmentResponse } from '@quickvend/shared/api/admin-money';
import { call } from '@/lib/api-client.ts';

/**
 * Credits or debits the user's wallet at once, or (above the approval limit) asks a second admin.
 * @throws ApiError VALIDATION_FAILED, INSUFFICIENT_FUNDS for a debit larger than the balance, NOT_FOUND
 */
export function adjustWallet(input: {
  userId: string;
  body: WalletAdjustmentBody;
}): Promise<WalletAdjustmentResponse> {
  return call('POST /api/v1/admin/users/:id/adjustments', { params: { id: input.userId }, body: input.body });
}

export function useAdjustWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustWallet,
    // the user's page, the users list, the approvals waiting and the wallets' total
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
