import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CacheEvents } from '../../lib/cache-events.ts';
import type { Clock } from '../../lib/clock.ts';
import { SESSION_ABSOLUTE_SECONDS } from './session-library.ts';
import { sessions, users } from './auth.tables.ts';
import { USERS_TOPIC } from './user-accounts.ts';

/** Published (key: the user id) after sessions of that user ended: signed out, here or everywhere, or reset. */
export const SESSIONS_TOPIC = 'sessions';

export type SessionWatch = ReturnType<typeof createSessionWatch>;

/**
 * For what outlives the request that opened it (a live event stream): whether its session still lets its user
 * in, and word of anything that may have changed that, from any process.
 */
export function createSessionWatch(deps: {
  db: Database;
  clock: Clock;
  cacheEvents: Pick<CacheEvents, 'publish' | 'subscribe'>;
}) {
  // a sign-out everywhere ends many sessions at once: one word per user, not one per session
  let ended = new Set<string>();
  const tellSoon = () => {
    const userIds = ended;
    ended = new Set();
    for (const userId of userIds) void deps.cacheEvents.publish(SESSIONS_TOPIC, userId);
  };

  return {
    /** Tells every process that sessions of this user ended (after they did). */
    tellEnded(userId: string): void {
      if (ended.size === 0) setImmediate(tellSoon);
      ended.add(userId);
    },

    /**
     * Which of these sessions still let their user in: not ended, not expired (idle or absolute lifetime), of a
     * user neither suspended nor deleted. One query however many.
     */
    async liveSessions(sessionIds: readonly string[]): Promise<Set<string>> {
      if (sessionIds.length === 0) return new Set();
      const now = deps.clock.now();
      const rows = await deps.db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.id, [...new Set(sessionIds)]),
            gt(sessions.expiresAt, now),
            gt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_SECONDS * 1000)),
            isNull(users.suspendedAt),
            isNull(users.deletedAt),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Calls `onChange(userId)` when that user's sessions or standing may have changed (sessions ended, the
     * account suspended or deleted), and `onChange(null)` when word may have been missed. Returns a stop.
     */
    subscribe(onChange: (userId: string | null) => void): () => void {
      const stops = [SESSIONS_TOPIC, USERS_TOPIC].map((topic) => deps.cacheEvents.subscribe(topic, onChange));
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}
