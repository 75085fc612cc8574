import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@quickvend/shared/api/api-keys';
import { call } from '@/lib/api-client.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

export function revokeApiKey(id: string) {
  return call('POST /api/v1/api-keys/:id/revoke', { params: { id } });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: ({ apiKey }) => {
      queryClient.setQueryData(apiKeysQueryKey, (old: { apiKeys: ApiKey[] } | undefined) =>
        old ? { apiKeys: old.apiKeys.map((key) => (key.id === apiKey.id ? apiKey : key)) } : old,
      );
    },
  });
}
