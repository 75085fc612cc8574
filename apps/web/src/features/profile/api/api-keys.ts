import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody } from '@quickvend/shared/api/api-keys';
import { api } from '@/lib/api-client.ts';

const apiKeysQueryKey = ['api-keys'] as const;

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeysQueryKey,
  queryFn: ({ signal }) => api.get<{ apiKeys: ApiKey[] }>('/api/v1/api-keys', { signal }),
});

/** The partner's API keys (the secret itself is never listed). */
export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}

export function createApiKey(body: CreateApiKeyBody): Promise<{ apiKey: ApiKey; key: string }> {
  return api.post<{ apiKey: ApiKey; key: string }>('/api/v1/api-keys', body);
}

/** Creates a key: the answer holds the full secret, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function revokeApiKey(id: string): Promise<{ apiKey: ApiKey }> {
  return api.post<{ apiKey: ApiKey }>(`/api/v1/api-keys/${encodeURIComponent(id)}/revoke`, {});
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
