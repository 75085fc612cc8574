import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@quickvend/shared/api/auth';
import { call, isApiError } from './api-client.ts';
import { rememberSignedIn } from './session-hint.ts';

export const sessionQueryKey = ['me'] as const;

/** The server answers a visitor with `{ user: null }`, so a signed-out page logs no 401. */
async function fetchSession(signal: AbortSignal): Promise<Me | null> {
  const body = await call('GET /api/v1/session', { signal });
  rememberSignedIn(body.user !== null);
  return body.user;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Doubling from a second, never sooner than the server's Retry-After, and at most half a minute apart. */
export function sessionRetryDelayMs(failureCount: number, error: unknown): number {
  const asked = isApiError(error) ? (error.retryAfterSeconds ?? 0) * 1_000 : 0;
  return Math.min(MAX_RETRY_MS, Math.max(asked, FIRST_RETRY_MS * 2 ** failureCount));
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession(signal),
  // only a 401 signs out (as null); a server or network that is away is asked again until it answers,
  // and meanwhile the user stays signed in with what is already on screen
  retry: true,
  retryDelay: sessionRetryDelayMs,
});

/** The signed-in user (`null` when signed out, `undefined` while unknown). */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * Whether the session check is failing (or waiting for the network) and being retried. When it answers
 * again, every query that failed meanwhile is fetched again, so the balance and history come back by themselves.
 */
export function useIsReconnecting(): boolean {
  const { failureCount, fetchStatus } = useSession();
  const queryClient = useQueryClient();
  const isReconnecting = failureCount > 0 || fetchStatus === 'paused';
  const wasReconnecting = useRef(isReconnecting);
  useEffect(() => {
    if (wasReconnecting.current && !isReconnecting) {
      void queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'error',
      });
    }
    wasReconnecting.current = isReconnecting;
  }, [isReconnecting, queryClient]);
  return isReconnecting;
}

/** After sign-in or registration: show the user at once, then confirm with the server. */
export function setSignedIn(queryClient: QueryClient, user: Me): void {
  rememberSignedIn(true);
  queryClient.setQueryData(sessionQueryKey, user);
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/** Forget everything cached for the user and mark the session as signed out. */
export function clearSession(queryClient: QueryClient): void {
  rememberSignedIn(false);
  queryClient.clear();
  queryClient.setQueryData(sessionQueryKey, null);
}
