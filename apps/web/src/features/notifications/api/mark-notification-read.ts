import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NotificationsResponse, ReadNotificationResponse } from '@quickvend/shared/api/notifications';
import { call } from '@/lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export function markNotificationRead(id: string): Promise<ReadNotificationResponse> {
  return call('POST /api/v1/notifications/:id/read', { params: { id } });
}

type Inbox = InfiniteData<NotificationsResponse, string | undefined>;

/** Marks `id` read in the inbox at once (the bell counts one fewer), then as the server says. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const markInInbox = (id: string) => {
    queryClient.setQueryData<Inbox>(notificationKeys.list, (inbox) =>
      inbox
        ? {
            ...inbox,
            pages: inbox.pages.map((page) => ({
              ...page,
              notifications: page.notifications.map((notice) =>
                notice.id === id ? { ...notice, isRead: true } : notice,
              ),
            })),
          }
        : inbox,
    );
  };
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      const inbox = queryClient.getQueryData<Inbox>(notificationKeys.list);
      const wasUnread = inbox?.pages.some((page) =>
        page.notifications.some((notice) => notice.id === id && !notice.isRead),
      );
      markInInbox(id);
      if (wasUnread) {
        queryClient.setQueryData<number>(notificationKeys.unread, (count) =>
          count === undefined ? count : Math.max(0, count - 1),
        );
      }
    },
    onSuccess: ({ unreadCount }, id) => {
      markInInbox(id);
      queryClient.setQueryData(notificationKeys.unread, unreadCount);
    },
  });
}
