import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralsResponse } from '@quickvend/shared/api/referrals';
import { call } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getReferrals(signal?: AbortSignal): Promise<ReferralsResponse> {
  return call('GET /api/v1/referrals', { signal });
}

export const referralsQueryOptions = queryOptions({
  queryKey: queryKeys.referrals,
  queryFn: ({ signal }) => getReferrals(signal),
});

/** The customer's referral link, the friends who signed up with it, and what they earned. */
export function useReferrals() {
  return useQuery(referralsQueryOptions);
}
