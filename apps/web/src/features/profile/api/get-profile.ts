import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { profileQueryKey } from './profile-keys.ts';

export function getProfile(signal?: AbortSignal) {
  return call('GET /api/v1/profile', { signal });
}

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => getProfile(signal),
  select: (body) => body.profile,
});

/** The signed-in customer's own details. */
export function useProfile() {
  return useQuery(profileQueryOptions);
}
