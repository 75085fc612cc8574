import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';

export const invitationsQueryKey = ['admin', 'invitations'] as const;

export function getInvitations(signal?: AbortSignal) {
  return call('GET /api/v1/admin/invitations', { signal });
}

export const invitationsQueryOptions = queryOptions({
  queryKey: invitationsQueryKey,
  queryFn: ({ signal }) => getInvitations(signal),
});

/** Every admin invitation, newest first: open, used, revoked or expired. */
export function useInvitations() {
  return useQuery(invitationsQueryOptions);
}
