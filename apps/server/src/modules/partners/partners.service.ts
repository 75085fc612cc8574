import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { kobo } from '@quickvend/shared/money';
import { profileTexts } from '@quickvend/shared/api/profile';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { CacheEvents } from '../../lib/cache-events.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { TestAccounts } from '../auth/index.ts';
import { API_KEYS_TOPIC, createKeyAuthentication, hashKey, type KeyMode } from './api-key-auth.ts';
import { createKeyLimits, type KeyLimits } from './key-limits.ts';
import { createKeySpend } from './key-spend.ts';
import { createOwnerCheck } from './owner-check.ts';
import { keyChangedEvent, type KeyChange } from './partners.events.ts';
import { keyCreatedMail, keyRevokedMail } from './partners.mail.ts';
import { apiKeys } from './partners.tables.ts';

const MODE_PREFIX = { live: 'qv_live_', test: 'qv_test_' } as const;
/** what the key list shows of a key: its mode and a few characters to recognise it by */
const SHOWN_PREFIX_LENGTH = 12;

/**
 * Requests one partner's keys may make together in a second, by default: above what a reseller's busiest till
 * sends, and low enough that one partner's runaway loop cannot take the server from everyone else.
 */
export const PARTNER_REQUESTS_PER_SECOND = 20;

export type { KeyChange };

/** The user a key belongs to, as the mails about it address them. */
export type KeyOwner = { id: string; email: string; name: string };

export type PartnersDeps = {
  db: Database;
  clock: Clock;
  appUrl: string;
  cacheEvents: Pick<CacheEvents, 'publish' | 'subscribe'>;
  rateLimiter: Pick<RateLimiter, 'countFailures'>;
  verifyPassword: (userId: string, password: string) => Promise<boolean>;
  /** when the user turned partner access on (null while off): no key is made without it */
  partnerAccessOf: (userId: string) => Promise<Date | null>;
  /** as `partnerAccessOf`, the account's row held until `tx` ends: turning access off waits for the key */
  holdPartnerAccess: (userId: string, tx: Transaction) => Promise<Date | null>;
  /** refuses (EMAIL_NOT_CONFIRMED) until the owner's address is confirmed: no new key before */
  requireConfirmedEmail: (userId: string) => Promise<void>;
  /** the transaction PIN, checked and counted as a purchase checks it */
  pins: {
    status: (userId: string) => Promise<{ hasPin: boolean; lockedUntil: string | null }>;
    verify: (userId: string, pin: string | undefined) => Promise<void>;
  };
  /** a key's creation or revocation, with the mail its owner gets about it, is recorded in its transaction */
  events?: Pick<DomainEvents, 'record' | 'publish'>;
  /**
   * Holds the web session asking for a key until the key is written; false once it has ended. A password reset
   * ends every session before it revokes every key, so a key made during a reset is revoked or refused.
   */
  holdSession: (session: { userId: string; sessionId: string }, tx: Transaction) => Promise<boolean>;
  /** the partner's test account, which their test keys act for */
  testAccounts: Pick<TestAccounts, 'ensure' | 'of'>;
  /** where a key revoked by the system (a password reset) is recorded, with why */
  audit: Pick<AuditLog, 'record'>;
  keyCacheMs?: number;
};

export function createPartners(deps: PartnersDeps) {
  const { db, clock } = deps;
  const { authenticate } = createKeyAuthentication({
    ...deps,
    testAccountOf: (partnerId) => deps.testAccounts.of(partnerId),
  });

  /**
   * A new key, the owner told (inbox and mail). The full key is returned here only; the database keeps its hash.
   * Asked for in a web session (`sessionId`), it is written only while that session still lives. Written only
   * while partner access is on, read under the account's row lock that turning it off takes. Recorded in the
   * audit log as done by `actor` when given (the command line records its own).
   * @throws FORBIDDEN without partner access, UNAUTHENTICATED when that session ended meanwhile
   */
  async function issueKey(
    owner: KeyOwner,
    input: { name: string; allowedIps?: readonly string[]; mode?: KeyMode | undefined } & Partial<KeyLimits>,
    sessionId?: string,
    actor?: Actor,
  ) {
    const mode = input.mode ?? 'live';
    const key = `${MODE_PREFIX[mode]}${randomBytes(32).toString('base64url')}`;
    const created = await db.transaction(async (tx) => {
      if (!(await deps.holdPartnerAccess(owner.id, tx))) {
        throw new AppError('FORBIDDEN', profileTexts.partnerAccessNeeded);
      }
      if (sessionId !== undefined && !(await deps.holdSession({ userId: owner.id, sessionId }, tx))) {
        throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      }
      if (mode === 'test') await deps.testAccounts.ensure(owner, tx);
      const [row] = await tx
        .insert(apiKeys)
        .values({
          id: newId('key'),
          userId: owner.id,
          name: input.name,
          prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
          mode,
          keyHash: hashKey(key),
          allowedIps: [...(input.allowedIps ?? [])],
          dailyLimitKobo: input.dailyLimitKobo ?? null,
          allowedServices: [...(input.allowedServices ?? [])],
        })
        .returning();
      if (row && actor) {
        await deps.audit.record(
          actor,
          {
            action: 'apikey.create',
            targetType: 'user',
            targetId: owner.id,
            after: {
              keyId: row.id,
              keyName: row.name,
              mode: row.mode,
              allowedIps: row.allowedIps.join(', ') || null,
              ...(row.dailyLimitKobo !== null && { dailyLimitKobo: row.dailyLimitKobo }),
              ...(row.allowedServices.length > 0 && { allowedServices: row.allowedServices.join(', ') }),
            },
          },
          tx,
        );
      }
      if (!row) throw new Error('api key insert returned nothing');
      const event = keyChangedEvent({
        kind: 'created',
        owner,
        key: row,
        at: row.createdAt,
        mail: keyCreatedMail(owner, row, row.createdAt, deps.appUrl),
      });
      await deps.events?.record(event, tx);
      return { row, event };
    });
    deps.events?.publish(created.event);
    return { apiKey: { ...created.row, spentTodayKobo: kobo(0) }, key };
  }

  const confirmOwner = createOwnerCheck(deps);
  const keySpend = createKeySpend();
  const limits = createKeyLimits({
    db,
    clock,
    keySpend,
    audit: deps.audit,
    cacheEvents: deps.cacheEvents,
    keysTopic: API_KEYS_TOPIC,
    confirmOwner,
  });

  return {
    /** For operators, who are trusted: no password or PIN asked. */
    issueKey,

    /**
     * A key buys without the PIN, so making one takes what a purchase takes: the password and, once set, the
     * PIN (owner-check.ts).
     * @throws EMAIL_NOT_CONFIRMED, FORBIDDEN without partner access, INVALID_CREDENTIALS (details.fields.password), RATE_LIMITED, VALIDATION_FAILED (no PIN sent),
     * PIN_INCORRECT, PIN_LOCKED, UNAUTHENTICATED (the session `sessionId` ended meanwhile)
     */
    async createKey(
      owner: KeyOwner,
      input: {
        name: string;
        password: string;
        pin?: string | undefined;
        allowedIps?: readonly string[];
        mode?: KeyMode | undefined;
      } & Partial<KeyLimits>,
      sessionId: string,
      actor: Actor,
    ) {
      await deps.requireConfirmedEmail(owner.id);
      if (!(await deps.partnerAccessOf(owner.id))) {
        throw new AppError('FORBIDDEN', profileTexts.partnerAccessNeeded);
      }
      await confirmOwner(owner.id, input);
      return issueKey(owner, input, sessionId, actor);
    },

    /** How many of the user's keys still work. */
    async countActiveKeys(userId: string, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ active: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      return row?.active ?? 0;
    },

    /** The user's keys, newest first, each with what it has spent today. */
    listKeys: limits.listKeys,
    /** Replaces a key's daily limit and allowed services (key-limits.ts). */
    updateLimits: limits.updateLimits,
    /** A purchase's share of its key's daily spend, moved in the purchase's own transactions. */
    keySpend,

    /**
     * Stops the key in every process at once; the owner is told (inbox and mail) and the audit log records it as
     * done by `actor`. Revoking a revoked key changes nothing.
     * @throws NOT_FOUND when the key is not this user's
     */
    async revokeKey(owner: KeyOwner, id: string, actor: Actor) {
      const revoked = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(apiKeys)
          .set({ revokedAt: clock.now() })
          .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, owner.id), isNull(apiKeys.revokedAt)))
          .returning();
        if (row) {
          await deps.audit.record(
            actor,
            {
              action: 'apikey.revoke',
              targetType: 'user',
              targetId: owner.id,
              before: { keyId: row.id, keyName: row.name, prefix: row.prefix },
              after: { keyId: row.id, revokedAt: row.revokedAt },
            },
            tx,
          );
          const at = row.revokedAt ?? clock.now();
          const event = keyChangedEvent({
            kind: 'revoked',
            owner,
            key: row,
            at,
            mail: keyRevokedMail(owner, row, at, deps.appUrl),
          });
          await deps.events?.record(event, tx);
          return { row, event };
        }
        return null;
      });
      if (!revoked) {
        const [earlier] = await db
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, owner.id)));
        if (!earlier) throw new AppError('NOT_FOUND', 'We could not find that API key.');
        return earlier;
      }
      await deps.cacheEvents.publish(API_KEYS_TOPIC, revoked.row.id);
      deps.events?.publish(revoked.event);
      return revoked.row;
    },

    /**
     * Stops every key of an account that is closing, in the caller's transaction; no mail (the address is
     * gone). Returns the ids: pass them to `forgetKeys` once the transaction has committed.
     */
    async revokeAllKeys(userId: string, executor: Executor): Promise<string[]> {
      const revoked = await executor
        .update(apiKeys)
        .set({ revokedAt: clock.now() })
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return revoked.map((key) => key.id);
    },

    /**
     * Stops every live key of the account in the caller's transaction, each recorded in the audit log as
     * revoked by `actor` for `reason`. No mail of its own: the caller's one mail names them. Pass the ids to
     * `forgetKeys` once the transaction has committed.
     */
    async revokeEveryKey(owner: { id: string }, cause: { actor: Actor; reason: string }, tx: Transaction) {
      const revokedAt = clock.now();
      const revoked = await tx
        .update(apiKeys)
        .set({ revokedAt })
        .where(and(eq(apiKeys.userId, owner.id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
      for (const key of revoked) {
        await deps.audit.record(
          cause.actor,
          {
            action: 'apikey.revoke',
            targetType: 'user',
            targetId: owner.id,
            before: { keyId: key.id, keyName: key.name, prefix: key.prefix },
            after: { keyId: key.id, revokedAt },
            reason: cause.reason,
          },
          tx,
        );
      }
      return revoked;
    },

    /** Every process stops trusting these keys at once. */
    async forgetKeys(ids: readonly string[]): Promise<void> {
      for (const id of ids) await deps.cacheEvents.publish(API_KEYS_TOPIC, id);
    },

    authenticate,
  };
}

export type Partners = ReturnType<typeof createPartners>;
