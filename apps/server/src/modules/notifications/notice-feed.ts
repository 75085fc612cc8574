import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { NotificationsEvent } from '@quickvend/shared/api/notifications';
import type { UserEvent, UserEventFeed } from '../../lib/user-events.ts';
import { startUserFeed, type Listen } from '../../lib/user-feed.ts';
import { NOTICES_CHANNEL, toNotification, type Notifier } from './notifier.service.ts';

const announcement = z.object({ userId: z.string(), id: z.string().optional() });

const event = (data: NotificationsEvent): UserEvent => ({ event: 'notifications', data });

/**
 * Carries notices to the user's open event streams in this process: the unread count when a stream opens,
 * then each new notice (and the new count after notices are read), whichever process made it.
 */
export async function startNoticeFeed(
  listen: Listen,
  notifier: Pick<Notifier, 'find' | 'unreadCount'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<UserEventFeed & { close: () => Promise<void> }> {
  const tell = async (
    userId: string,
    id: string | undefined,
    send: (userId: string, event: UserEvent) => void,
  ) => {
    const notice = id ? await notifier.find(userId, id) : null;
    const unreadCount = await notifier.unreadCount(userId);
    send(userId, event({ unreadCount, ...(notice && { notification: toNotification(notice) }) }));
  };
  return startUserFeed({
    listen,
    channel: NOTICES_CHANNEL,
    schema: announcement,
    route: ({ userId, id }, send) => tell(userId, id, send),
    // notices may have been missed while the listener was down: every open stream gets its count again
    onReconnect: (userId, send) => tell(userId, undefined, send),
    greet: async (userId) => [event({ unreadCount: await notifier.unreadCount(userId) })],
    log,
  });
}
