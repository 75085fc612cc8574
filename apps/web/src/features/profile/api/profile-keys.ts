import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '@quickvend/shared/api/profile';
import { sessionQueryKey } from '@/lib/session.ts';

export const profileQueryKey = ['profile'] as const;
export const sessionsQueryKey = ['profile', 'sessions'] as const;

/** A changed profile: shown at once, and the name in the header follows. */
export function keepProfile(queryClient: QueryClient, { profile }: { profile: Profile }): void {
  queryClient.setQueryData(profileQueryKey, { profile });
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}
