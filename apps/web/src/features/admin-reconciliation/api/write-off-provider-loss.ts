import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ResolveProviderLossBody,
  WriteOffProviderLossResponse,
} from '@quickvend/shared/api/provider-losses';
import { call } from '@/lib/api-client.ts';
import { providerLossesKey } from './get-provider-losses.ts';

export function writeOffProviderLoss({
  id,
  ...body
}: ResolveProviderLossBody & { id: string }): Promise<WriteOffProviderLossResponse> {
  return call('POST /api/v1/admin/provider-losses/:id/write-off', { params: { id }, body });
}

/** Books the loss as an expense. */
export function useWriteOffProviderLoss() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeOffProviderLoss,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerLossesKey }),
  });
}
