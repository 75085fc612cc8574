import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { NotificationsEvent } from '@quickvend/shared/api/notifications';
import type { UserEvent, UserEventFeed } from '../../lib/user-events.ts';
import { NOTICES_CHANNEL, toNotification, type Notifier } from './notifier.service.ts';

const announcement = z.object({ userId: z.string(), id: z.string().optional() });

const event = (data: NotificationsEvent): UserEvent => ({ event: 'notifications', data });

/**
 * Carries notices to the user's open event streams in this process: the unread count when a stream opens,
 * then each new notice (and the new count after notices are read), whichever process made it.
 */
export async function startNoticeFeed(
  listen: (
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
  ) => Promise<() => Promise<void>>,
  notifier: Pick<Notifier, 'find' | 'unreadCount'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<UserEventFeed & { close: () => Promise<void> }> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);

  const tell = async (userId: string, id: string | undefined) => {
    const notice = id ? await notifier.find(userId, id) : null;
    const unreadCount = await notifier.unreadCount(userId);
    emitter.emit(userId, event({ unreadCount, ...(notice && { notification: toNotification(notice) }) }));
  };
  const tellSoon = (userId: string, id: string | undefined) => {
    if (emitter.listenerCount(userId) === 0) return;
    tell(userId, id).catch((error: unknown) => {
      log.warn({ err: error }, 'a notice was not sent to an open event stream');
    });
  };

  const stop = await listen(
    NOTICES_CHANNEL,
    (payload) => {
      let data: unknown;
      try {
        data = JSON.parse(payload);
      } catch {
        return;
      }
      const parsed = announcement.safeParse(data);
      if (parsed.success) tellSoon(parsed.data.userId, parsed.data.id);
    },
    // notices may have been missed while the listener was down: every open stream gets its count again
    () => {
      for (const userId of emitter.eventNames()) if (typeof userId === 'string') tellSoon(userId, undefined);
    },
  );

  return {
    async greet(userId) {
      return [event({ unreadCount: await notifier.unreadCount(userId) })];
    },
    subscribe(userId, send) {
      emitter.on(userId, send);
      return () => emitter.off(userId, send);
    },
    async close() {
      emitter.removeAllListeners();
      await stop().catch((error: unknown) => {
        log.warn({ err: error }, 'closing the notice listener failed');
      });
    },
  };
}
