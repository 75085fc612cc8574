import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, UpdateApiKeyLimitsBody } from '@quickvend/shared/api/api-keys';
import { call } from '@/lib/api-client.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

export function updateApiKeyLimits({ id, body }: { id: string; body: UpdateApiKeyLimitsBody }) {
  return call('PUT /api/v1/api-keys/:id/limits', { params: { id }, body });
}

/** Replaces a key's daily limit and services; the list shows the key as the server now has it. */
export function useUpdateApiKeyLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiKeyLimits,
    onSuccess: ({ apiKey }) => {
      queryClient.setQueryData(apiKeysQueryKey, (old: { apiKeys: ApiKey[] } | undefined) =>
        old ? { apiKeys: old.apiKeys.map((key) => (key.id === apiKey.id ? apiKey : key)) } : old,
      );
    },
  });
}
