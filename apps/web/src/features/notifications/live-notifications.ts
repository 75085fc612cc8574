import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationsEvent } from '@quickvend/shared/api/notifications';
import { openUserEvents } from '@/lib/user-events.ts';
import { getNotifications } from './api/get-notifications.ts';
import { notificationKeys } from './api/notification-keys.ts';

// checked by hand, not with the shared zod schema: this runs on every signed-in page, where zod would weigh most
function readEvent(data: unknown): NotificationsEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { unreadCount, notification } = parsed as Record<string, unknown>;
    if (!Number.isSafeInteger(unreadCount) || (unreadCount as number) < 0) return null;
    return {
      unreadCount: unreadCount as number,
      ...(typeof notification === 'object' && notification !== null
        ? { notification: notification as NonNullable<NotificationsEvent['notification']> }
        : {}),
    };
  } catch {
    return null;
  }
}

/**
 * The number of unread notices, kept current by the live event stream: its count when it (re)opens, and
 * each new notice, which also refreshes the inbox if it is open. Undefined until the stream has said.
 */
export function useUnreadNotifications(): number | undefined {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stream = openUserEvents();
    if (stream === null) return;
    const onNotifications = (event: Event) => {
      const next = readEvent(event instanceof MessageEvent ? event.data : undefined);
      if (next === null) return;
      queryClient.setQueryData(notificationKeys.unread, next.unreadCount);
      if (next.notification) void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    };
    stream.source.addEventListener('notifications', onNotifications);
    return () => {
      stream.source.removeEventListener('notifications', onNotifications);
      stream.release();
    };
  }, [queryClient]);
  const { data } = useQuery({
    queryKey: notificationKeys.unread,
    // never fetched by itself: the stream and the inbox's answers fill it
    queryFn: async ({ signal }) => (await getNotifications(undefined, signal)).unreadCount,
    enabled: false,
    staleTime: Infinity,
  });
  return data;
}
