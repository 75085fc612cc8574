import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@quickvend/shared/api/auth';
import { api, isApiError } from './api-client.ts';

export const sessionQueryKey = ['me'] as const;

async function fetchMe(signal: AbortSignal): Promise<Me | null> {
  try {
    const body = await api.get<{ user: Me }>('/api/v1/me', { signal });
    return body.user;
  } catch (error) {
    if (isApiError(error, 'UNAUTHENTICATED')) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
});

/** The signed-in user (`null` when signed out, `undefined` while unknown). */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** After sign-in or registration: show the user at once, then confirm with the server. */
export function setSignedIn(queryClient: QueryClient, user: Me): void {
  queryClient.setQueryData(sessionQueryKey, user);
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

export async function signOut(): Promise<void> {
  await api.post<undefined>('/api/v1/auth/sign-out', {});
}

/** Forget everything cached for the user and mark the session as signed out. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(sessionQueryKey, null);
}
