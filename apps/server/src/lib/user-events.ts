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
