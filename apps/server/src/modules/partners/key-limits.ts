import { and, desc, eq } from 'drizzle-orm';
import { partnerLimitTexts } from '@quickvend/shared/messages/partner-limits';
import { kobo, type Kobo } from '@quickvend/shared/money';
import { lagosDateOf } from '@quickvend/shared/periods';
import type { Database } from '../../db/client.ts';
import type { CacheEvents } from '../../lib/cache-events.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { KeySpend } from './key-spend.ts';
import { apiKeys } from './partners.tables.ts';

export type KeyLimits = { dailyLimitKobo: Kobo | null; allowedServices: readonly string[] };

type Deps = {
  db: Database;
  clock: Clock;
  keySpend: Pick<KeySpend, 'spentOn'>;
  audit: Pick<AuditLog, 'record'>;
  cacheEvents: Pick<CacheEvents, 'publish'>;
  /** the topic naming a key every process must look up again */
  keysTopic: string;
  confirmOwner: (ownerId: string, input: { password: string; pin?: string | undefined }) => Promise<void>;
};

/** A key's own limits (daily spend, services) as its owner reads and changes them. */
export function createKeyLimits(deps: Deps) {
  const { db, clock } = deps;

  /** The user's keys, newest first, each with what it has spent today (Lagos time). */
  async function listKeys(userId: string) {
    const rows = await db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.createdAt));
    const spent = await deps.keySpend.spentOn(
      db,
      rows.map((row) => row.id),
      lagosDateOf(clock.now()),
    );
    return rows.map((row) => ({ ...row, spentTodayKobo: spent.get(row.id) ?? kobo(0) }));
  }

  /**
   * Replaces a live key's limits, once its owner has confirmed (password and PIN, as a new key takes); every
   * process reads the key again at once.
   * @throws NOT_FOUND when the key is not this user's, CONFLICT when it is revoked, and what confirmOwner throws
   */
  async function updateLimits(
    owner: { id: string },
    id: string,
    input: KeyLimits & { password: string; pin?: string | undefined },
    actor: Actor,
  ) {
    const [found] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, owner.id)));
    if (!found) throw new AppError('NOT_FOUND', 'We could not find that API key.');
    if (found.revokedAt) throw new AppError('CONFLICT', partnerLimitTexts.keyRevoked);
    await deps.confirmOwner(owner.id, input);
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(apiKeys)
        .set({ dailyLimitKobo: input.dailyLimitKobo, allowedServices: [...input.allowedServices] })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, owner.id)))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', 'We could not find that API key.');
      await deps.audit.record(
        actor,
        {
          action: 'apikey.limits',
          targetType: 'user',
          targetId: owner.id,
          before: {
            keyId: row.id,
            dailyLimitKobo: found.dailyLimitKobo,
            allowedServices: found.allowedServices.join(', ') || null,
          },
          after: {
            keyId: row.id,
            dailyLimitKobo: row.dailyLimitKobo,
            allowedServices: row.allowedServices.join(', ') || null,
          },
        },
        tx,
      );
      return row;
    });
    await deps.cacheEvents.publish(deps.keysTopic, id);
    const spent = await deps.keySpend.spentOn(db, [id], lagosDateOf(clock.now()));
    return { ...updated, spentTodayKobo: spent.get(id) ?? kobo(0) };
  }

  return { listKeys, updateLimits };
}
