import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { sessionsQueryKey } from './profile-keys.ts';

export function getSessions(signal?: AbortSignal) {
  return call('GET /api/v1/profile/sessions', { signal });
}

export const sessionsQueryOptions = queryOptions({
  queryKey: sessionsQueryKey,
  queryFn: ({ signal }) => getSessions(signal),
  select: (body) => body.sessions,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
