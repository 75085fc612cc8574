import { createHash } from 'node:crypto';
import type { BlockList } from 'node:net';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CacheEvents } from '../../lib/cache-events.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { USERS_TOPIC } from '../auth/index.ts';
import { isAllowedFrom, toBlockList } from './address-allowlist.ts';
import { apiKeys } from './partners.tables.ts';

/** every key starts so; keys made before test keys existed are `qv_` and a secret, and are live */
export const KEY_PREFIX = 'qv_';
const LAST_USED_PRECISION_MS = 60_000;
/**
 * How long this process trusts a key it has looked up. A revocation reaches every process at once through
 * `API_KEYS_TOPIC`; this is the fallback when that notification is lost.
 */
export const KEY_CACHE_MS = 5_000;
/** Cache events naming the id of a key that must be looked up again. */
export const API_KEYS_TOPIC = 'api-keys';

// a key is 32 random bytes: a fast hash is enough, nobody can guess their way through 2^256
export const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

export type KeyMode = 'live' | 'test';

/** What a working key proves: whose it is, which key, and who it acts for. */
export type KeyHolder = {
  userId: string;
  keyId: string;
  mode: KeyMode;
  actsFor: string;
  /** the services the key may buy; empty: every service */
  allowedServices: readonly string[];
};

/** Who a bearer key is: looked up by its hash, kept a few seconds, dropped at once when revoked anywhere. */
export function createKeyAuthentication(deps: {
  db: Database;
  clock: Clock;
  cacheEvents: Pick<CacheEvents, 'subscribe'>;
  keyCacheMs?: number | undefined;
  /** the partner's test account, which their test keys act for; null before their first test key */
  testAccountOf: (partnerId: string) => Promise<string | null>;
}) {
  const { db, clock } = deps;
  const keyCacheMs = deps.keyCacheMs ?? KEY_CACHE_MS;
  const lastWritten = new Map<string, number>();
  type LiveKey = {
    id: string;
    userId: string;
    mode: KeyMode;
    /** who the key acts for: the owner, or for a test key the owner's test account */
    actsFor: string;
    allowed: BlockList | null;
    allowedServices: string[];
    until: number;
  };
  const liveKeys = new Map<string, LiveKey>();
  // bumped on every invalidation: a lookup that was running meanwhile must not cache what it read
  let generation = 0;

  deps.cacheEvents.subscribe(API_KEYS_TOPIC, (id) => {
    generation += 1;
    for (const [keyHash, live] of liveKeys) if (id === null || live.id === id) liveKeys.delete(keyHash);
  });
  // an owner suspended, restored or deleted: their keys are read again too
  deps.cacheEvents.subscribe(USERS_TOPIC, (userId) => {
    generation += 1;
    for (const [keyHash, live] of liveKeys)
      if (userId === null || live.userId === userId) liveKeys.delete(keyHash);
  });

  async function findLiveKey(key: string): Promise<LiveKey | null> {
    const keyHash = hashKey(key);
    const cached = liveKeys.get(keyHash);
    if (cached && cached.until > performance.now()) return cached;
    liveKeys.delete(keyHash);
    const seen = generation;
    const [row] = await db
      .select({
        id: apiKeys.id,
        userId: apiKeys.userId,
        mode: apiKeys.mode,
        allowedIps: apiKeys.allowedIps,
        allowedServices: apiKeys.allowedServices,
      })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
    if (!row) return null;
    const testAccount = row.mode === 'test' ? await deps.testAccountOf(row.userId) : null;
    // a test key without its test account cannot happen (made in one transaction); refuse rather than go live
    if (row.mode === 'test' && !testAccount) return null;
    const live = {
      id: row.id,
      userId: row.userId,
      mode: row.mode,
      actsFor: testAccount ?? row.userId,
      allowed: row.allowedIps.length > 0 ? toBlockList(row.allowedIps) : null,
      allowedServices: row.allowedServices,
      until: performance.now() + keyCacheMs,
    };
    if (generation === seen) liveKeys.set(keyHash, live);
    return live;
  }

  /**
   * The owner of a working key, its mode and who it acts for (a test key: the owner's test account), or null
   * for a missing, unknown or revoked one.
   * @throws FORBIDDEN when the key has an allowlist and `ip` is not on it
   */
  async function authenticate(key: string, ip: string): Promise<KeyHolder | null> {
    if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
    const row = await findLiveKey(key);
    if (!row) return null;
    if (row.allowed && !isAllowedFrom(row.allowed, ip)) {
      throw new AppError(
        'FORBIDDEN',
        `This API key may be used only from its allowed addresses, and ${ip} is not one of them.`,
      );
    }
    const holder = {
      userId: row.userId,
      keyId: row.id,
      mode: row.mode,
      actsFor: row.actsFor,
      allowedServices: row.allowedServices,
    };
    const now = clock.now();
    if (now.getTime() - (lastWritten.get(row.id) ?? 0) < LAST_USED_PRECISION_MS) return holder;
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
    return holder;
  }

  return { authenticate };
}
