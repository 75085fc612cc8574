import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BeneficiariesResponse } from '@quickvend/shared/api/beneficiaries';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

/** `GET /api/v1/beneficiaries`: every saved number of the customer, the most recently used first. */
export function getBeneficiaries(signal?: AbortSignal): Promise<BeneficiariesResponse> {
  return call('GET /api/v1/beneficiaries', { signal });
}

export const beneficiariesQueryOptions = queryOptions({
  queryKey: queryKeys.beneficiaries,
  queryFn: ({ signal }) => getBeneficiaries(signal),
});

/** The saved numbers, read once for every purchase page (at most 50, a few kilobytes). */
export function useBeneficiaries() {
  return useQuery(beneficiariesQueryOptions);
}
