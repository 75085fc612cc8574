import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '@quickvend/shared/api/notifications';
import { api } from '@/lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export function getNotifications(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<NotificationsResponse> {
  const query = cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`;
  return api.get<NotificationsResponse>(`/api/v1/notifications${query}`, { signal });
}

/** The inbox, newest first, a page at a time; each page also brings the unread count for the bell. */
export function useNotifications() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam, signal }) => {
      const page = await getNotifications(pageParam, signal);
      queryClient.setQueryData(notificationKeys.unread, page.unreadCount);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
