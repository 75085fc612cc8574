import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '@quickvend/shared/api/admin-money';
import { api } from '@/lib/api-client.ts';

export function getSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return api.get<SettingsResponse>('/api/v1/admin/settings', { signal });
}

export const settingsQueryOptions = queryOptions({
  queryKey: ['admin', 'settings'] as const,
  queryFn: ({ signal }) => getSettings(signal),
});

/** The money settings: each value, its bounds, who set it, and the change waiting for a second admin. */
export function useSettings() {
  return useQuery(settingsQueryOptions);
}
