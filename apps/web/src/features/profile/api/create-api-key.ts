import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyBody } from '@quickvend/shared/api/api-keys';
import { call } from '@/lib/api-client.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

export function createApiKey(body: CreateApiKeyBody) {
  return call('POST /api/v1/api-keys', { body });
}

/** Creates a key: the answer holds the full secret, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
