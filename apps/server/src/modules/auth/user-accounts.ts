import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  getTableName,
  type SQL,
} from 'drizzle-orm';
import type { Me, Role } from '@quickvend/shared/api/auth';
import {
  userAdminMessages,
  type AdminUserSort,
  type SortOrder,
  type UserStatus,
} from '@quickvend/shared/api/admin-users';
import { profileTexts } from '@quickvend/shared/api/profile';
import { normalisePhone } from '@quickvend/shared/phone';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { accounts, sessions, users } from './auth.tables.ts';
import { endResetLinks } from './password-reset.ts';

/** Cache events naming the id of a user whose standing changed (suspended, restored, deleted, demoted). */
export const USERS_TOPIC = 'users';

export type UserRow = typeof users.$inferSelect;

export const statusOf = (row: Pick<UserRow, 'suspendedAt' | 'deletedAt'>): UserStatus =>
  row.deletedAt ? 'deleted' : row.suspendedAt ? 'suspended' : 'active';

export type UserSearch = {
  q?: string | undefined;
  role?: Role | undefined;
  status?: UserStatus | undefined;
  sort: AdminUserSort;
  order: SortOrder;
  page: number;
  pageSize: number;
};

/** What an account's profile fields are after an edit, and before it. */
export type ProfileChange = { before: UserRow; after: UserRow };

// LIKE's own wildcards in what was typed are matched as themselves
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function matching(q: string): SQL | undefined {
  const contains = `%${escapeLike(q)}%`;
  const phone = normalisePhone(q);
  const digits = q.replace(/[\s\-().+]/g, '');
  return or(
    ilike(users.name, contains),
    ilike(users.email, contains),
    eq(users.id, q),
    phone ? eq(users.phone, phone) : undefined,
    /^\d{4,}$/.test(digits) ? ilike(users.phone, `%${digits}%`) : undefined,
  );
}

function withStatus(status: UserStatus | undefined): SQL | undefined {
  switch (status) {
    case undefined:
      return isNull(users.deletedAt);
    case 'active':
      return and(isNull(users.suspendedAt), isNull(users.deletedAt));
    case 'suspended':
      return and(isNotNull(users.suspendedAt), isNull(users.deletedAt));
    case 'deleted':
      return isNotNull(users.deletedAt);
  }
}

/** The back office's reads and changes of accounts: each change takes the caller's transaction. */
export function createUserAccounts(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  const isActiveAdmin = and(eq(users.role, 'admin'), isNull(users.deletedAt), isNull(users.suspendedAt));

  /** Every active admin's row, locked in id order (the order every change of an admin locks them in). */
  async function lockActiveAdmins(tx: Executor): Promise<string[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(isActiveAdmin)
      .orderBy(asc(users.id))
      .for('update');
    return rows.map((admin) => admin.id);
  }

  /**
   * The row, locked for the rest of the transaction; for an admin, every active admin's row is locked
   * first, always in the same order, so that two admins changing each other wait instead of deadlocking.
   * Returns the ids of the active admins when the user is one. @throws NOT_FOUND, CONFLICT (deleted)
   */
  async function lockLiveUser(id: string, tx: Executor): Promise<{ row: UserRow; activeAdmins: string[] }> {
    const [peek] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id));
    if (!peek) throw new AppError('NOT_FOUND', userAdminMessages.userNotFound);
    const activeAdmins = peek.role === 'admin' ? await lockActiveAdmins(tx) : [];
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', userAdminMessages.userNotFound);
    if (row.deletedAt) throw new AppError('CONFLICT', userAdminMessages.deletedAccount);
    return { row, activeAdmins };
  }

  /** Refuses a change that would leave no active admin. @throws CONFLICT */
  function keepAnotherAdmin(target: UserRow, activeAdmins: string[]): void {
    if (target.role === 'admin' && !activeAdmins.some((admin) => admin !== target.id)) {
      throw new AppError('CONFLICT', userAdminMessages.lastAdmin);
    }
  }

  async function change(id: string, values: Partial<UserRow>, tx: Executor): Promise<UserRow> {
    const [after] = await tx
      .update(users)
      .set({ ...values, updatedAt: clock.now() })
      .where(eq(users.id, id))
      .returning();
    if (!after) throw new AppError('NOT_FOUND', userAdminMessages.userNotFound);
    return after;
  }

  const endSessions = (userId: string, tx: Executor) =>
    tx.delete(sessions).where(eq(sessions.userId, userId));

  return {
    /** A page of accounts; `balanceOf` is the wallet balance of a user id, as the ledger computes it. */
    async search(query: UserSearch, balanceOf: (userId: SQL) => SQL<number>) {
      const q = query.q?.trim();
      const where = and(
        // a partner's test account is theirs, not a customer of ours
        isNull(users.testOf),
        q ? matching(q) : undefined,
        query.role ? eq(users.role, query.role) : undefined,
        withStatus(query.status),
      );
      const balance = balanceOf(sql`${sql.identifier(getTableName(users))}.${sql.identifier(users.id.name)}`);
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            phone: users.phone,
            role: users.role,
            createdAt: users.createdAt,
            suspendedAt: users.suspendedAt,
            deletedAt: users.deletedAt,
            balanceKobo: balance,
          })
          .from(users)
          .where(where)
          .orderBy(direction(query.sort === 'balance' ? balance : users.createdAt), direction(users.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    lockActiveAdmins,

    /**
     * Whether `id` is an active admin, its row held (shared) to the end of `tx`: a demotion, suspension or
     * deletion of them waits for `tx`, and one that committed first is seen.
     */
    async holdActiveAdmin(id: string, tx: Executor): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), isActiveAdmin))
        .for('share');
      return Boolean(row);
    },

    /** The ids of the admins who can sign in now (not suspended, not deleted). */
    async activeAdminIds(executor: Executor = db): Promise<string[]> {
      const rows = await executor.select({ id: users.id }).from(users).where(isActiveAdmin);
      return rows.map((admin) => admin.id);
    },

    async findUser(id: string, executor: Executor = db): Promise<UserRow | null> {
      const [row] = await executor.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    /** The account's signed-in browsers, most recently seen first. */
    async listSessions(userId: string) {
      return db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ipAddress: sessions.ipAddress,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.updatedAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > ${clock.now()}`))
        .orderBy(desc(sessions.updatedAt));
    },

    /** Ends one of the user's sessions; false when they have no session with that id. */
    async endSession(userId: string, sessionId: string): Promise<boolean> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    /** The customer's own edit of what they may change about themselves. @throws NOT_FOUND, CONFLICT (deleted) */
    async updateOwnProfile(
      id: string,
      input: { name: string; phone: string | null; birthday: string | null },
    ): Promise<UserRow> {
      return db.transaction(async (tx) => {
        await lockLiveUser(id, tx);
        return change(id, input, tx);
      });
    },

    /**
     * Partner (reseller) access: on keeps the first date it was turned on; off clears it. The caller checks
     * what turning it off needs. @throws NOT_FOUND, CONFLICT (deleted)
     */
    async setPartnerAccess(id: string, enabled: boolean, tx: Executor): Promise<UserRow> {
      const { row } = await lockLiveUser(id, tx);
      if (enabled === (row.partnerAccessAt !== null)) return row;
      return change(id, { partnerAccessAt: enabled ? clock.now() : null }, tx);
    },

    /** When the user turned partner access on, or null while it is off (or for no such user). */
    async partnerAccessOf(id: string): Promise<Date | null> {
      const [row] = await db
        .select({ partnerAccessAt: users.partnerAccessAt })
        .from(users)
        .where(eq(users.id, id));
      return row?.partnerAccessAt ?? null;
    },

    /**
     * As `partnerAccessOf`, its row held (shared) to the end of `tx`: turning access off (which locks the row)
     * waits for `tx`, and one that committed first is seen.
     */
    async holdPartnerAccess(id: string, tx: Executor): Promise<Date | null> {
      const [row] = await tx
        .select({ partnerAccessAt: users.partnerAccessAt })
        .from(users)
        .where(eq(users.id, id))
        .for('share');
      return row?.partnerAccessAt ?? null;
    },

    /**
     * What proves the account's address is its own, as partner access, new API keys and bank deposits need:
     * a link mailed there, opened. Keys made before keep working.
     * @throws EMAIL_NOT_CONFIRMED (the message names the address the link went to), NOT_FOUND
     */
    async requireConfirmedEmail(id: string, executor: Executor = db): Promise<void> {
      const [row] = await executor
        .select({ email: users.email, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, id));
      if (!row) throw new AppError('NOT_FOUND', userAdminMessages.userNotFound);
      if (!row.emailVerified) {
        throw new AppError('EMAIL_NOT_CONFIRMED', profileTexts.emailNotConfirmed(row.email));
      }
    },

    /** A partner key's owner and whether they may use it, or null for no such user. */
    async keyHolder(userId: string): Promise<{ owner: Me; standing: UserStatus } | null> {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          emailVerified: users.emailVerified,
          suspendedAt: users.suspendedAt,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) return null;
      return {
        owner: {
          id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          emailConfirmed: row.emailVerified,
        },
        standing: statusOf(row),
      };
    },

    /** @throws NOT_FOUND, CONFLICT (deleted), EMAIL_TAKEN */
    async updateProfile(
      id: string,
      input: { name: string; email: string; phone: string | null },
      tx: Executor,
    ): Promise<ProfileChange> {
      const { row: before } = await lockLiveUser(id, tx);
      const email = input.email.toLowerCase();
      if (email !== before.email) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, email), ne(users.id, id)));
        if (taken) {
          throw new AppError('EMAIL_TAKEN', userAdminMessages.emailTaken, {
            fields: { email: userAdminMessages.emailTaken },
          });
        }
      }
      const after = await change(
        id,
        {
          name: input.name,
          email,
          phone: input.phone,
          ...(email !== before.email && { emailVerified: false }),
        },
        tx,
      );
      if (email !== before.email) await endResetLinks(tx, id);
      return { before, after };
    },

    /** Stops the account and ends its sessions. @throws NOT_FOUND, CONFLICT */
    async suspend(id: string, reason: string, tx: Executor): Promise<ProfileChange> {
      const { row: before, activeAdmins } = await lockLiveUser(id, tx);
      if (before.suspendedAt) throw new AppError('CONFLICT', userAdminMessages.alreadySuspended);
      keepAnotherAdmin(before, activeAdmins);
      const after = await change(id, { suspendedAt: clock.now(), suspensionReason: reason }, tx);
      await endSessions(id, tx);
      return { before, after };
    },

    /** @throws NOT_FOUND, CONFLICT */
    async unsuspend(id: string, tx: Executor): Promise<ProfileChange> {
      const { row: before } = await lockLiveUser(id, tx);
      if (!before.suspendedAt) throw new AppError('CONFLICT', userAdminMessages.notSuspended);
      const after = await change(id, { suspendedAt: null, suspensionReason: null }, tx);
      return { before, after };
    },

    /**
     * Anonymises the personal data and ends every way in (sessions, the password); the id stays, so the
     * ledger and purchases still name the account. @throws NOT_FOUND, CONFLICT
     */
    async softDelete(id: string, tx: Executor): Promise<ProfileChange> {
      const { row: before, activeAdmins } = await lockLiveUser(id, tx);
      keepAnotherAdmin(before, activeAdmins);
      const after = await change(
        id,
        {
          name: 'Deleted user',
          email: `deleted.${id.toLowerCase()}@deleted.invalid`,
          emailVerified: false,
          phone: null,
          image: null,
          deletedAt: clock.now(),
        },
        tx,
      );
      await endSessions(id, tx);
      await endResetLinks(tx, id);
      await tx.delete(accounts).where(eq(accounts.userId, id));
      return { before, after };
    },

    /** @throws NOT_FOUND, CONFLICT (not an admin, the last admin, deleted) */
    async demote(id: string, tx: Executor): Promise<ProfileChange> {
      const { row: before, activeAdmins } = await lockLiveUser(id, tx);
      if (before.role !== 'admin') throw new AppError('CONFLICT', userAdminMessages.notAdmin);
      keepAnotherAdmin(before, activeAdmins);
      const after = await change(id, { role: 'user' }, tx);
      return { before, after };
    },
  };
}

export type UserAccounts = ReturnType<typeof createUserAccounts>;
