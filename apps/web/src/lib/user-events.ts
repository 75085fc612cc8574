import { pathOf } from './api-client.ts';

/** The signed-in user's live event stream: the balance and the notices' unread count. */
export const USER_EVENTS_URL = pathOf('GET /api/v1/wallet/events', {});

type Shared = { source: EventSource; users: number };
let shared: Shared | null = null;

export type UserEventsHandle = { source: EventSource; release: () => void };

/**
 * The server ends a stream for good with an `end` event (the session ended, or the user opened it in more tabs
 * than it keeps): reconnecting would only be refused or end another tab's, so this tab stops listening.
 */
function openShared(): Shared {
  const source = new EventSource(USER_EVENTS_URL);
  const opened: Shared = { source, users: 0 };
  source.addEventListener('end', () => {
    source.close();
    if (shared === opened) shared = null;
  });
  return opened;
}

/**
 * The stream, opened once per tab however many parts of the page listen (a browser allows few connections per
 * server); the last `release` closes it. Null where the browser has no EventSource.
 */
export function openUserEvents(): UserEventsHandle | null {
  if (typeof EventSource === 'undefined') return null;
  shared ??= openShared();
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
