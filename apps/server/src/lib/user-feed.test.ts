import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { UserEvent } from './user-events.ts';
import { startUserFeed } from './user-feed.ts';

/** A LISTEN stand-in: the test plays the database's NOTIFYs and reconnections. */
function fakeListen() {
  let notify: ((payload: string) => void) | undefined;
  let reconnect: (() => void) | undefined;
  let stopped = false;
  return {
    listen: (_channel: string, onNotify: (payload: string) => void, onReconnect?: () => void) => {
      notify = onNotify;
      reconnect = onReconnect;
      return Promise.resolve(() => {
        stopped = true;
        return Promise.resolve();
      });
    },
    notify: (payload: string) => notify?.(payload),
    reconnect: () => reconnect?.(),
    isStopped: () => stopped,
  };
}

const log = { warn: () => undefined };
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a per-user feed over one LISTEN channel', () => {
  it("sends each checked announcement to that user's streams only, and ignores what it cannot read", async () => {
    const channel = fakeListen();
    const feed = await startUserFeed({
      listen: channel.listen,
      channel: 'qv_test',
      schema: z.object({ userId: z.string(), n: z.number() }),
      route: ({ userId, n }, send) => {
        send(userId, { event: 'test', data: n });
      },
      log,
    });
    const ada: UserEvent[] = [];
    const bayo: UserEvent[] = [];
    const stop = feed.subscribe('usr_ada', (event) => ada.push(event));
    feed.subscribe('usr_bayo', (event) => bayo.push(event));
    channel.notify(JSON.stringify({ userId: 'usr_ada', n: 1 }));
    channel.notify('not json');
    channel.notify(JSON.stringify({ userId: 'usr_ada', n: 'two' }));
    channel.notify(JSON.stringify({ userId: 'usr_bayo', n: 3 }));
    await settle();
    expect(ada.map((event) => event.data)).toEqual([1]);
    expect(bayo.map((event) => event.data)).toEqual([3]);
    stop();
    channel.notify(JSON.stringify({ userId: 'usr_ada', n: 4 }));
    await settle();
    expect(ada).toHaveLength(1);
    expect(await feed.greet('usr_ada')).toEqual([]);
    await feed.close();
    expect(channel.isStopped()).toBe(true);
  });

  it('after a reconnection, catches up every user with an open stream', async () => {
    const channel = fakeListen();
    const caughtUp: string[] = [];
    const feed = await startUserFeed({
      listen: channel.listen,
      channel: 'qv_test',
      schema: z.object({ userId: z.string() }),
      route: () => undefined,
      onReconnect: (userId, send) => {
        caughtUp.push(userId);
        send(userId, { event: 'count', data: 0 });
      },
      log,
    });
    const received: UserEvent[] = [];
    feed.subscribe('usr_ada', (event) => received.push(event));
    channel.reconnect();
    await settle();
    expect(caughtUp).toEqual(['usr_ada']);
    expect(received).toEqual([{ event: 'count', data: 0 }]);
  });
});
