import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFloat } from '@quickvend/shared/api/admin-money';
import { call } from '@/lib/api-client.ts';

export function getFloat(signal?: AbortSignal): Promise<AdminFloat> {
  return call('GET /api/v1/admin/float', { signal });
}

export const floatQueryOptions = queryOptions({
  queryKey: ['admin', 'float'] as const,
  queryFn: ({ signal }) => getFloat(signal),
  // the server reads the provider every five minutes
  refetchInterval: 60_000,
});

/** The VTpass float beside what customers' wallets hold. */
export function useFloat() {
  return useQuery(floatQueryOptions);
}
