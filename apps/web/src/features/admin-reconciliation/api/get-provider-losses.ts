import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderLossesResponse } from '@quickvend/shared/api/provider-losses';
import { call } from '@/lib/api-client.ts';

export const providerLossesKey = ['admin', 'provider-losses'] as const;

export function getProviderLosses(signal?: AbortSignal): Promise<ProviderLossesResponse> {
  return call('GET /api/v1/admin/provider-losses', { signal });
}

export const providerLossesQueryOptions = queryOptions({
  queryKey: providerLossesKey,
  queryFn: ({ signal }) => getProviderLosses(signal),
  // a loss is flagged the moment VTpass's word arrives; the back office's banner should not lag far behind
  refetchInterval: 60_000,
});

/** Purchases VTpass delivered after we refunded them: open ones first. */
export function useProviderLosses() {
  return useQuery(providerLossesQueryOptions);
}
