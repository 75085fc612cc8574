import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { NotificationsResponse } from '@quickvend/shared/api/notifications';
import { call } from '@/lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export function getNotifications(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<NotificationsResponse> {
  return call('GET /api/v1/notifications', { query: { cursor }, signal });
}

/** The inbox, newest first, a page at a time; each page also brings the unread count for the bell. */
export const notificationsQueryOptions = (queryClient: QueryClient) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam, signal }) => {
      const page = await getNotifications(pageParam, signal);
      queryClient.setQueryData(notificationKeys.unread, page.unreadCount);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions(useQueryClient()));
}
