import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { userDevices } from './auth.tables.ts';

const COOKIE = 'qv_browser';
/** the longest a browser keeps a cookie (Chromium caps it at 400 days) */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const BROWSER_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The browsers each account was used from: a random id in a long-lived cookie (never a fingerprint of the phone),
 * remembered at sign-up and sign-in, so that two accounts used on one browser are seen as one person's where that
 * matters (referral rewards).
 */
export function createBrowsers(deps: { db: Database; clock: Clock; isHttps: boolean }) {
  const { db, clock } = deps;

  return {
    /** This browser's id (a new one when it has none), and the Set-Cookie header that keeps it for another 400 days. */
    idOf(cookieHeader: string | undefined): { id: string; setCookie: string } {
      const given = cookieHeader
        ?.split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${COOKIE}=`))
        ?.slice(COOKIE.length + 1);
      const id = given && BROWSER_ID.test(given) ? given : randomBytes(16).toString('base64url');
      const secure = deps.isHttps ? '; Secure' : '';
      return {
        id,
        setCookie: `${COOKIE}=${id}; Path=/api; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      };
    },

    /** Notes that the account was used from the browser now. */
    async remember(userId: string, browserId: string): Promise<void> {
      const now = clock.now();
      await db
        .insert(userDevices)
        .values({ userId, deviceId: browserId, firstSeenAt: now, lastSeenAt: now })
        .onConflictDoUpdate({
          target: [userDevices.userId, userDevices.deviceId],
          set: { lastSeenAt: now },
        });
    },
  };
}

export type Browsers = ReturnType<typeof createBrowsers>;

const theirs = alias(userDevices, 'theirs');

/** Whether the two accounts were ever used from one browser (each of `userId`'s browsers looked up by key). */
export async function shareBrowser(
  executor: Executor,
  userId: string,
  otherUserId: string,
): Promise<boolean> {
  const [shared] = await executor
    .select({ deviceId: userDevices.deviceId })
    .from(userDevices)
    .innerJoin(theirs, and(eq(theirs.deviceId, userDevices.deviceId), eq(theirs.userId, otherUserId)))
    .where(eq(userDevices.userId, userId))
    .limit(1);
  return shared !== undefined;
}
