import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { apiKeys } from './partners.tables.ts';

const KEY_PREFIX = 'qv_';
const LAST_USED_PRECISION_MS = 60_000;
/**
 * How long this process trusts a key it has looked up. Revoking through this process takes effect at once;
 * a revocation made by another process (another server, the CLI) takes effect within this long.
 */
export const KEY_CACHE_MS = 5_000;

// a key is 32 random bytes: a fast hash is enough, nobody can guess their way through 2^256
const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

export function createPartners(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const lastWritten = new Map<string, number>();
  const liveKeys = new Map<string, { id: string; userId: string; until: number }>();

  async function findLiveKey(key: string) {
    const keyHash = hashKey(key);
    const cached = liveKeys.get(keyHash);
    if (cached && cached.until > performance.now()) return cached;
    liveKeys.delete(keyHash);
    const [row] = await db
      .select({ id: apiKeys.id, userId: apiKeys.userId })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
    if (!row) return null;
    const live = { ...row, until: performance.now() + KEY_CACHE_MS };
    liveKeys.set(keyHash, live);
    return live;
  }

  return {
    /** The full key is returned here only; the database keeps its hash. */
    async createKey(userId: string, name: string) {
      const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [created] = await db
        .insert(apiKeys)
        .values({ id: newId('key'), userId, name, prefix: key.slice(0, 10), keyHash: hashKey(key) })
        .returning();
      if (!created) throw new Error('api key insert returned nothing');
      return { apiKey: created, key };
    },

    async listKeys(userId: string) {
      return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
    },

    /** @throws NOT_FOUND when the key is not this user's */
    async revokeKey(userId: string, id: string) {
      const [revoked] = await db
        .update(apiKeys)
        .set({ revokedAt: clock.now() })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning();
      if (!revoked) throw new AppError('NOT_FOUND', 'We could not find that API key.');
      liveKeys.delete(revoked.keyHash);
      return revoked;
    },

    /** The owner of a live key, or null for a missing, unknown or revoked one. */
    async authenticate(key: string): Promise<string | null> {
      if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
      const row = await findLiveKey(key);
      if (!row) return null;
      const now = clock.now();
      if (now.getTime() - (lastWritten.get(row.id) ?? 0) < LAST_USED_PRECISION_MS) return row.userId;
      lastWritten.set(row.id, now.getTime());
      await db
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiKeys.id, row.id),
            or(
              isNull(apiKeys.lastUsedAt),
              lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS)),
            ),
          ),
        );
      return row.userId;
    },
  };
}

export type Partners = ReturnType<typeof createPartners>;
