/** The signed-in user's live event stream: the balance and the notices' unread count. */
export const USER_EVENTS_URL = '/api/v1/wallet/events';

type Shared = { source: EventSource; users: number };
let shared: Shared | null = null;

export type UserEventsHandle = { source: EventSource; release: () => void };

/**
 * The stream, opened once per tab however many parts of the page listen (a browser allows few connections per
 * server); the last `release` closes it. Null where the browser has no EventSource.
 */
export function openUserEvents(): UserEventsHandle | null {
  if (typeof EventSource === 'undefined') return null;
  shared ??= { source: new EventSource(USER_EVENTS_URL), users: 0 };
  const current = shared;
  current.users += 1;
  let isReleased = false;
  return {
    source: current.source,
    release() {
      if (isReleased) return;
      isReleased = true;
      current.users -= 1;
      if (current.users > 0) return;
      current.source.close();
      if (shared === current) shared = null;
    },
  };
}
