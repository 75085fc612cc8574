import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import { api } from '@/lib/api-client.ts';

export const manualFundingsQueryKey = ['funding', 'manual'] as const;

export function getManualFundings(signal?: AbortSignal): Promise<{ requests: ManualFundingRequest[] }> {
  return api.get<{ requests: ManualFundingRequest[] }>('/api/v1/funding/manual', { signal });
}

export const manualFundingsQueryOptions = queryOptions({
  queryKey: manualFundingsQueryKey,
  queryFn: ({ signal }) => getManualFundings(signal),
});

/** The user's manual deposit requests and what became of them. */
export function useManualFundings() {
  return useQuery(manualFundingsQueryOptions);
}
