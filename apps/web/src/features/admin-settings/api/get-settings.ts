import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '@quickvend/shared/api/admin-money';
import { call } from '@/lib/api-client.ts';

export function getSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return call('GET /api/v1/admin/settings', { signal });
}

export const settingsQueryOptions = queryOptions({
  queryKey: ['admin', 'settings'] as const,
  queryFn: ({ signal }) => getSettings(signal),
});

/** The money settings: each value, its bounds, who set it, and the change waiting for a second admin. */
export function useSettings() {
  return useQuery(settingsQueryOptions);
}
