import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  NotificationsResponse,
  ReadAllNotificationsResponse,
} from '@quickvend/shared/api/notifications';
import { call } from '@/lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export function markAllNotificationsRead(): Promise<ReadAllNotificationsResponse> {
  return call('POST /api/v1/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(notificationKeys.unread, unreadCount);
      queryClient.setQueryData<InfiniteData<NotificationsResponse, string | undefined>>(
        notificationKeys.list,
        (inbox) =>
          inbox
            ? {
                ...inbox,
                pages: inbox.pages.map((page) => ({
                  ...page,
                  unreadCount,
                  notifications: page.notifications.map((notice) => ({ ...notice, isRead: true })),
                })),
              }
            : inbox,
      );
    },
  });
}
