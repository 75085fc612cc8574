import { queryOptions, useQuery } from '@tanstack/react-query';
import type { dedicatedAccountResponse } from '@quickvend/shared/api/funding';
import type { z } from 'zod';
import { call } from '@/lib/api-client.ts';

export type DedicatedAccountReply = z.infer<typeof dedicatedAccountResponse>;

export const dedicatedAccountQueryKey = ['funding', 'dedicated-account'] as const;

export function getDedicatedAccount(signal?: AbortSignal): Promise<DedicatedAccountReply> {
  return call('GET /api/v1/funding/dedicated-account', { signal });
}

export const dedicatedAccountQueryOptions = queryOptions({
  queryKey: dedicatedAccountQueryKey,
  queryFn: ({ signal }) => getDedicatedAccount(signal),
  staleTime: Infinity,
});

/** The user's own bank account number for transfers (`account: null` until generated). */
export function useDedicatedAccount() {
  return useQuery(dedicatedAccountQueryOptions);
}
