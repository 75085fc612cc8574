import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

export function getPinStatus(signal?: AbortSignal) {
  return call('GET /api/v1/pin', { signal });
}

export const pinStatusQueryOptions = queryOptions({
  queryKey: queryKeys.pin,
  queryFn: ({ signal }) => getPinStatus(signal),
});

/** Whether the user has a transaction PIN yet, and whether purchases are locked. */
export function usePinStatus() {
  return useQuery(pinStatusQueryOptions);
}
