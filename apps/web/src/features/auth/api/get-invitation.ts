import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export type InvitationCheck = { email: string | null };

export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationCheck> {
  return api.get<InvitationCheck>(`/api/v1/admin/invitations/${encodeURIComponent(token)}`, { signal });
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: ({ signal }) => getInvitation(token, signal),
    staleTime: Infinity,
  });

export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: token !== null && token !== '' });
}
