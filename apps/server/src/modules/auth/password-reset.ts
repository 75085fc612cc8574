import { and, eq, like, ne } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@quickvend/shared/services';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import type { KeyLabel } from '@quickvend/shared/messages/notices';
import { securityEventOf } from './auth.events.ts';
import { accounts, sessions, users, verifications } from './auth.tables.ts';

// the session library keeps a reset link as the row `reset-password:<token>` whose value is the user id
const RESET_LINK = 'reset-password:';

const LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

/** A partner API key as the mails about the account name it: never the key itself. */

/** The account's partner API keys, which the partners module holds: a reset ends them, a change lists them. */
export type AccountKeys = {
  /** Revokes every live key of the account in the reset's transaction, each recorded with `reason`. */
  revokeAll: (
    owner: { id: string; email: string },
    reason: string,
    tx: Transaction,
  ) => Promise<(KeyLabel & { id: string })[]>;
  /** Once the revocation has committed: every process stops trusting these keys. */
  forget: (ids: readonly string[]) => Promise<void>;
  /** The keys that still work. */
  listLive: (userId: string) => Promise<KeyLabel[]>;
};

export type PasswordReset = {
  userId: string;
  at: Date;
  /** the sessions (devices) the reset signed out */
  signedOut: number;
  revokedKeys: KeyLabel[];
};

const REVOKED_BY_RESET =
  'The password was reset with a link sent to the account email: every key made before the reset stops working.';

/**
 * Ends every reset link of the account but the one named `keep`. A link ends whenever the account's email or
 * password changes and when a newer one is made, so only a link mailed to the current address since the last
 * password change can set a password.
 */
export async function endResetLinks(executor: Executor, userId: string, keep?: string): Promise<void> {
  await executor
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, `${RESET_LINK}%`),
        keep === undefined ? undefined : ne(verifications.identifier, `${RESET_LINK}${keep}`),
      ),
    );
}

export function createPasswordResets(deps: {
  db: Database;
  clock: Clock;
  hashPassword: (password: string) => Promise<string>;
  apiKeys: AccountKeys;
  events?: Pick<DomainEvents, 'record' | 'publish'> | undefined;
}) {
  const { db, clock } = deps;
  const invalid = () => new AppError('INVALID_TOKEN', LINK_INVALID);

  return {
    /**
     * Keeps the link just made as the account's only one. False when the account's email changed since the
     * request read it: that link is ended too and must not be mailed (an email change ends the links it finds,
     * so one made meanwhile is caught here).
     */
    async keepNewestLink(user: { id: string; email: string }, token: string): Promise<boolean> {
      await endResetLinks(db, user.id, token);
      const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
      if (current?.email === user.email) return true;
      await endResetLinks(db, user.id);
      return false;
    },

    /**
     * Sets a new password from a mailed link, all in one transaction: the link and the account's other links
     * end, every session ends, then every partner API key is revoked, and the reset's event is recorded (and
     * published once committed). A key is made only while the session
     * asking for it is held (partners), so a key made during a reset is either revoked here or refused.
     * @throws INVALID_TOKEN for an unknown, used or expired link, or a closed account; VALIDATION_FAILED
     */
    async reset(token: string, password: string): Promise<PasswordReset> {
      if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
        const message =
          password.length < PASSWORD_MIN_LENGTH
            ? `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`
            : `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
        throw new AppError('VALIDATION_FAILED', message, { fields: { password: message } });
      }
      // Argon2 takes tens of milliseconds: never inside the transaction
      const passwordHash = await deps.hashPassword(password);
      const at = clock.now();
      const done = await db.transaction(async (tx) => {
        const [link] = await tx
          .delete(verifications)
          .where(eq(verifications.identifier, `${RESET_LINK}${token}`))
          .returning();
        if (!link || link.expiresAt <= at) throw invalid();
        // first the account's row, then its sessions: the order `holdSession` takes them in
        const [owner] = await tx.select().from(users).where(eq(users.id, link.value)).for('update');
        if (!owner || owner.deletedAt) throw invalid();
        const [account] = await tx
          .update(accounts)
          .set({ password: passwordHash, updatedAt: at })
          .where(and(eq(accounts.userId, owner.id), eq(accounts.providerId, 'credential')))
          .returning({ id: accounts.id });
        if (!account) throw invalid();
        await endResetLinks(tx, owner.id);
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.userId, owner.id))
          .returning({ expiresAt: sessions.expiresAt });
        const revoked = await deps.apiKeys.revokeAll(owner, REVOKED_BY_RESET, tx);
        const reset: PasswordReset = {
          userId: owner.id,
          at,
          signedOut: ended.filter((session) => session.expiresAt > at).length,
          revokedKeys: revoked.map(({ name, prefix }) => ({ name, prefix })),
        };
        const event = securityEventOf({ kind: 'password.reset', ...reset });
        await deps.events?.record(event, tx);
        return { reset, event, revokedIds: revoked.map((key) => key.id) };
      });
      await deps.apiKeys.forget(done.revokedIds);
      deps.events?.publish(done.event);
      return done.reset;
    },
  };
}

/**
 * Holds the user's session until the caller's transaction ends, so nothing that ends sessions (a reset, a
 * suspension) can end it meanwhile: what the caller writes is either seen by that change or refused here.
 * The account's row is taken first, as those changes take it. False once the session has ended.
 */
export async function holdSession(
  session: { userId: string; sessionId: string },
  tx: Transaction,
): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, session.userId)).for('key share');
  const [held] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, session.sessionId), eq(sessions.userId, session.userId)))
    .for('share');
  return held !== undefined;
}
