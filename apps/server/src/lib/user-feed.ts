import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { UserEvent, UserEventFeed } from './user-events.ts';

export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<() => Promise<void>>;

/** What a feed does with an announcement: `send` reaches that user's open streams in this process. */
export type FeedRoute<A> = (
  announcement: A,
  send: (userId: string, event: UserEvent) => void,
) => void | Promise<void>;

/**
 * One LISTEN channel of this process turned into per-user event streams: each NOTIFY payload (from any process) is
 * read as JSON and checked against `schema`, and `route` tells which user's streams hear what. Announcements of a
 * user with no open stream here are dropped before `route` runs. `onReconnect` runs for each user with an open
 * stream after the listener was down (announcements may have been missed); `greet` is what a stream opens with.
 */
export async function startUserFeed<S extends z.ZodType<{ userId: string }>>(options: {
  listen: Listen;
  channel: string;
  schema: S;
  route: FeedRoute<z.infer<S>>;
  onReconnect?: (userId: string, send: (userId: string, event: UserEvent) => void) => void | Promise<void>;
  greet?: (userId: string) => Promise<UserEvent[]>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<UserEventFeed & { close: () => Promise<void> }> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const send = (userId: string, event: UserEvent) => {
    emitter.emit(userId, event);
  };
  const hasStreams = (userId: string) => emitter.listenerCount(userId) > 0;
  const run = (work: () => void | Promise<void>) => {
    Promise.resolve()
      .then(work)
      .catch((error: unknown) => {
        options.log.warn({ err: error, channel: options.channel }, 'an open event stream was not told');
      });
  };

  const { onReconnect } = options;
  const stop = await options.listen(
    options.channel,
    (payload) => {
      let data: unknown;
      try {
        data = JSON.parse(payload);
      } catch {
        return;
      }
      const parsed = options.schema.safeParse(data);
      if (parsed.success && hasStreams(parsed.data.userId)) run(() => options.route(parsed.data, send));
    },
    onReconnect &&
      (() => {
        for (const userId of emitter.eventNames())
          if (typeof userId === 'string' && hasStreams(userId)) run(() => onReconnect(userId, send));
      }),
  );

  return {
    greet: options.greet ?? (() => Promise.resolve([])),
    subscribe(userId, onEvent) {
      emitter.on(userId, onEvent);
      return () => emitter.off(userId, onEvent);
    },
    async close() {
      emitter.removeAllListeners();
      await stop().catch((error: unknown) => {
        options.log.warn({ err: error, channel: options.channel }, 'closing a listener failed');
      });
    },
  };
}
