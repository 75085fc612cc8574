/** One named event on a signed-in user's live event stream (`GET /api/v1/wallet/events`). */
export type UserEvent = { event: string; data: unknown };

/**
 * Something besides the balance that a user's open event stream carries. `greet` says what the stream opens
 * with (it reopens after a dropped connection, so this is also how missed news is caught up); `subscribe`
 * sends each later event, from any server process, until the returned function is called.
 */
export type UserEventFeed = {
  greet: (userId: string) => Promise<UserEvent[]>;
  subscribe: (userId: string, send: (event: UserEvent) => void) => () => void;
};

/** Why the server ends a stream: the browser should stop (`replaced`, `signed-out`) or reconnect (`closing`). */
export type StreamEnd = 'replaced' | 'signed-out' | 'closing';

/** An open stream as the registry knows it: whose it is, and how to end it. */
export type OpenStream = { readonly userId: string; end: (reason: StreamEnd) => void };

/**
 * The open event streams of one process, capped per user and in all. A user at their cap who opens another
 * ends their oldest, so someone who reopens tabs is never locked out; a process at its cap admits nobody new.
 */
export function createStreamRegistry<S extends OpenStream>(limits: { perUser: number; perProcess: number }) {
  const byUser = new Map<string, S[]>();
  let size = 0;

  function remove(stream: S): void {
    const streams = byUser.get(stream.userId);
    const at = streams?.indexOf(stream) ?? -1;
    if (!streams || at < 0) return;
    streams.splice(at, 1);
    size -= 1;
    if (streams.length === 0) byUser.delete(stream.userId);
  }

  return {
    /** Admits the stream, ending the user's oldest beyond their cap; false when the process is full. */
    admit(stream: S): boolean {
      const mine = byUser.get(stream.userId) ?? [];
      if (mine.length < limits.perUser && size >= limits.perProcess) return false;
      for (const oldest of mine.slice(0, Math.max(0, mine.length - limits.perUser + 1))) {
        remove(oldest);
        oldest.end('replaced');
      }
      byUser.set(stream.userId, [...(byUser.get(stream.userId) ?? []), stream]);
      size += 1;
      return true;
    },
    remove,
    /** The user's open streams, oldest first. */
    ofUser: (userId: string): S[] => [...(byUser.get(userId) ?? [])],
    all: (): S[] => [...byUser.values()].flat(),
    get size() {
      return size;
    },
  };
}
