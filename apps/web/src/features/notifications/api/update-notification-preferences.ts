import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferencesResponse,
  UpdateNotificationPreferencesBody,
} from '@quickvend/shared/api/notifications';
import { call } from '@/lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export function updateNotificationPreferences(
  change: UpdateNotificationPreferencesBody,
): Promise<NotificationPreferencesResponse> {
  return call('PUT /api/v1/notifications/preferences', { body: change });
}

/** A switch shows its new position at once; if the server refuses, it goes back. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences });
      const before = queryClient.getQueryData<NotificationPreferencesResponse>(notificationKeys.preferences);
      if (before) {
        queryClient.setQueryData<NotificationPreferencesResponse>(notificationKeys.preferences, {
          ...before,
          preferences: { ...before.preferences, ...change },
        });
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.preferences, context.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.preferences, saved);
    },
  });
}
