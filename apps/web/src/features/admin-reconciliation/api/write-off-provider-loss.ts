import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ResolveProviderLossBody,
  WriteOffProviderLossResponse,
} from '@quickvend/shared/api/provider-losses';
import { api } from '@/lib/api-client.ts';
import { providerLossesKey } from './get-provider-losses.ts';

/** Books the loss as an expense. */
export function useWriteOffProviderLoss() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ResolveProviderLossBody & { id: string }) =>
      api.post<WriteOffProviderLossResponse>(
        `/api/v1/admin/provider-losses/${encodeURIComponent(id)}/write-off`,
        body,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerLossesKey }),
  });
}
