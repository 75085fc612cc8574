import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';

export const apiKeysQueryKey = ['api-keys'] as const;

export function getApiKeys(signal?: AbortSignal) {
  return call('GET /api/v1/api-keys', { signal });
}

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeysQueryKey,
  queryFn: ({ signal }) => getApiKeys(signal),
});

/** The partner's API keys (the secret itself is never listed). */
export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}
