import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyManualFundingsResponse } from '@quickvend/shared/api/funding';
import { call } from '@/lib/api-client.ts';

export const manualFundingsQueryKey = ['funding', 'manual'] as const;

export function getManualFundings(signal?: AbortSignal): Promise<MyManualFundingsResponse> {
  return call('GET /api/v1/funding/manual', { signal });
}

export const manualFundingsQueryOptions = queryOptions({
  queryKey: manualFundingsQueryKey,
  queryFn: ({ signal }) => getManualFundings(signal),
});

/** The user's manual deposit requests and what became of them, and the account to pay the next one into. */
export function useManualFundings() {
  return useQuery(manualFundingsQueryOptions);
}
