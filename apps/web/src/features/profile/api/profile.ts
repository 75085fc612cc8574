import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailResponse,
  Profile,
  SignedInSession,
  UpdateProfileBody,
} from '@quickvend/shared/api/profile';
import { api } from '@/lib/api-client.ts';
import { sessionQueryKey } from '@/lib/session.ts';

const profileQueryKey = ['profile'] as const;
const sessionsQueryKey = ['profile', 'sessions'] as const;

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => api.get<{ profile: Profile }>('/api/v1/profile', { signal }),
  select: (body) => body.profile,
});

/** The signed-in customer's own details. */
export function useProfile() {
  return useQuery(profileQueryOptions);
}

/** A changed profile: shown at once, and the name in the header follows. */
function useKeepProfile() {
  const queryClient = useQueryClient();
  return ({ profile }: { profile: Profile }) => {
    queryClient.setQueryData(profileQueryKey, { profile });
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };
}

export function useUpdateProfile() {
  const keep = useKeepProfile();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.put<{ profile: Profile }>('/api/v1/profile', body),
    onSuccess: keep,
  });
}

export function useSetPartnerAccess() {
  const keep = useKeepProfile();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.put<{ profile: Profile }>('/api/v1/profile/partner-access', { enabled }),
    onSuccess: keep,
  });
}

/** Mails a link to the new address; the email changes only when it is opened. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => api.post<{ sentTo: string }>('/api/v1/profile/email', body),
  });
}

/** From the mailed link: works signed in or out. */
export function confirmEmail(token: string): Promise<ConfirmEmailResponse> {
  return api.post<ConfirmEmailResponse>('/api/v1/profile/email/confirm', { token });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<{ ok: true }>('/api/v1/profile/password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => api.get<{ sessions: SignedInSession[] }>('/api/v1/profile/sessions', { signal }),
    select: (body) => body.sessions,
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ signedOut: number }>('/api/v1/profile/sessions/sign-out-others', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ ok: true }>(`/api/v1/profile/sessions/${encodeURIComponent(id)}`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useCloseAccount() {
  return useMutation({
    mutationFn: (password: string) => api.post<{ ok: true }>('/api/v1/profile/close', { password }),
  });
}
