import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PinStatus } from '@quickvend/shared/api/pin';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

export const pinStatusQueryOptions = queryOptions({
  queryKey: queryKeys.pin,
  queryFn: ({ signal }) => api.get<PinStatus>('/api/v1/pin', { signal }),
});

/** Whether the user has a transaction PIN yet, and whether purchases are locked. */
export function usePinStatus() {
  return useQuery(pinStatusQueryOptions);
}
