import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferencesResponse } from '@quickvend/shared/api/notifications';
import { call } from '@/lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferencesResponse> {
  return call('GET /api/v1/notifications/preferences', { signal });
}

export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: notificationKeys.preferences,
  queryFn: ({ signal }) => getNotificationPreferences(signal),
});

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions);
}
