import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RecoverProviderLossResponse,
  ResolveProviderLossBody,
} from '@quickvend/shared/api/provider-losses';
import { call } from '@/lib/api-client.ts';
import { providerLossesKey } from './get-provider-losses.ts';

export function recoverProviderLoss({
  id,
  ...body
}: ResolveProviderLossBody & { id: string }): Promise<RecoverProviderLossResponse> {
  return call('POST /api/v1/admin/provider-losses/:id/recover', { params: { id }, body });
}

/** Asks a second admin to take the refund back from the customer's wallet. */
export function useRecoverProviderLoss() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recoverProviderLoss,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerLossesKey }),
  });
}
