import { createHash, createHmac } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminInvitation, InvitationStatus } from '@quickvend/shared/api/admin-users';
import { userAdminMessages } from '@quickvend/shared/api/admin-users';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { adminInvitations, users } from './auth.tables.ts';

const INVITATION_SECONDS = 7 * 24 * 60 * 60;
/** How many invitations one admin may hold open at once, those still waiting for approval included. */
export const MAX_OPEN_INVITATIONS = 3;
const LIST_LIMIT = 200;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

type InvitationRow = typeof adminInvitations.$inferSelect;
type Person = { id: string; name: string; email: string };

export type InvitationsDeps = { db: Database; clock: Clock; appUrl: string; secret: string };

/**
 * One-time links that make a new admin. The token is derived from the invitation's id under the server
 * secret, so an admin can copy an open link again later while the database keeps only its hash.
 */
export function createInvitations(deps: InvitationsDeps) {
  const { db, clock } = deps;
  const tokenOf = (id: string) =>
    createHmac('sha256', deps.secret).update(`admin-invitation|${id}`).digest('base64url');
  const urlOf = (token: string) => `${deps.appUrl}/AdminRegister?invite=${token}`;
  const isOpenAt = (now: Date) =>
    and(
      isNull(adminInvitations.usedAt),
      isNull(adminInvitations.revokedAt),
      gt(adminInvitations.expiresAt, now),
    );

  function statusOf(row: InvitationRow, now: Date): InvitationStatus {
    if (row.usedAt) return 'used';
    if (row.revokedAt) return 'revoked';
    return row.expiresAt <= now ? 'expired' : 'open';
  }

  function view(
    row: InvitationRow,
    people: { createdBy: Person | null; usedBy: Person | null },
  ): AdminInvitation {
    const status = statusOf(row, clock.now());
    const token = tokenOf(row.id);
    // links made before tokens were derived cannot be shown again
    const canShow = status === 'open' && hashToken(token) === row.tokenHash;
    return {
      id: row.id,
      email: row.email,
      status,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      createdBy: people.createdBy,
      usedAt: row.usedAt?.toISOString() ?? null,
      usedBy: people.usedBy,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      url: canShow ? urlOf(token) : null,
    };
  }

  const creator = alias(users, 'invitation_creator');
  const usedBy = alias(users, 'invitation_user');

  async function findViews(executor: Executor, id?: string): Promise<AdminInvitation[]> {
    const rows = await executor
      .select({
        invitation: adminInvitations,
        creator: { id: creator.id, name: creator.name, email: creator.email },
        user: { id: usedBy.id, name: usedBy.name, email: usedBy.email },
      })
      .from(adminInvitations)
      .leftJoin(creator, eq(creator.id, adminInvitations.createdBy))
      .leftJoin(usedBy, eq(usedBy.id, adminInvitations.usedBy))
      .where(id === undefined ? undefined : eq(adminInvitations.id, id))
      .orderBy(desc(adminInvitations.createdAt), desc(adminInvitations.id))
      .limit(LIST_LIMIT);
    return rows.map((row) => view(row.invitation, { createdBy: row.creator, usedBy: row.user }));
  }

  return {
    async create(createdBy: string, email: string | undefined, executor: Executor = db) {
      const id = newId('inv');
      const token = tokenOf(id);
      const expiresAt = new Date(clock.now().getTime() + INVITATION_SECONDS * 1000);
      await executor.insert(adminInvitations).values({
        id,
        tokenHash: hashToken(token),
        email: email?.toLowerCase() ?? null,
        createdBy,
        createdAt: clock.now(),
        expiresAt,
      });
      return {
        id,
        email: email?.toLowerCase() ?? null,
        url: urlOf(token),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** Newest first, with who made each and who used it. */
    list: () => findViews(db),

    /** @throws NOT_FOUND */
    async get(id: string, executor: Executor = db): Promise<AdminInvitation> {
      const [found] = await findViews(executor, id);
      if (!found) throw new AppError('NOT_FOUND', userAdminMessages.invitationNotFound);
      return found;
    },

    /**
     * Withdraws an open link: it can no longer make an admin. One conditional update, so a registration
     * racing with it either used the link first or finds it revoked.
     * @throws NOT_FOUND, CONFLICT when it is no longer open
     */
    async revoke(id: string, revokedBy: string, executor: Executor) {
      const now = clock.now();
      const [revoked] = await executor
        .update(adminInvitations)
        .set({ revokedAt: now, revokedBy })
        .where(and(eq(adminInvitations.id, id), isOpenAt(now)))
        .returning({ id: adminInvitations.id });
      if (revoked) return;
      const [exists] = await executor
        .select({ id: adminInvitations.id })
        .from(adminInvitations)
        .where(eq(adminInvitations.id, id));
      if (!exists) throw new AppError('NOT_FOUND', userAdminMessages.invitationNotFound);
      throw new AppError('CONFLICT', userAdminMessages.invitationClosed);
    },

    /** How many of `createdBy`'s invitations can still make an admin. */
    async countOpenBy(createdBy: string, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ open: count() })
        .from(adminInvitations)
        .where(and(eq(adminInvitations.createdBy, createdBy), isOpenAt(clock.now())));
      return row?.open ?? 0;
    },

    /** Ends every open invitation `createdBy` made (they are no longer an admin). @returns the ids revoked */
    async revokeAllBy(createdBy: string, revokedBy: string, executor: Executor): Promise<string[]> {
      const now = clock.now();
      const revoked = await executor
        .update(adminInvitations)
        .set({ revokedAt: now, revokedBy })
        .where(and(eq(adminInvitations.createdBy, createdBy), isOpenAt(now)))
        .returning({ id: adminInvitations.id });
      return revoked.map((row) => row.id);
    },

    /** @throws NOT_FOUND when the invitation is unknown, used, revoked or expired */
    async findOpen(token: string) {
      const [invitation] = await db
        .select({ id: adminInvitations.id, email: adminInvitations.email })
        .from(adminInvitations)
        .where(and(eq(adminInvitations.tokenHash, hashToken(token)), isOpenAt(clock.now())));
      if (!invitation) throw new AppError('NOT_FOUND', 'This invitation is not valid or has expired.');
      return invitation;
    },

    /**
     * Takes the invitation for `email` (one conditional update: two people racing with one link cannot
     * both have it). @throws NOT_FOUND
     */
    async claim(
      token: string,
      email: string,
    ): Promise<{ id: string; createdBy: string; email: string | null }> {
      const now = clock.now();
      const [claimed] = await db
        .update(adminInvitations)
        .set({ usedAt: now })
        .where(
          and(
            eq(adminInvitations.tokenHash, hashToken(token)),
            isOpenAt(now),
            or(isNull(adminInvitations.email), eq(adminInvitations.email, email)),
          ),
        )
        .returning({
          id: adminInvitations.id,
          createdBy: adminInvitations.createdBy,
          email: adminInvitations.email,
        });
      if (!claimed) throw new AppError('NOT_FOUND', 'This invitation is not valid or has expired.');
      return claimed;
    },

    /** Gives back a claimed invitation whose account could not be made. */
    async release(id: string): Promise<void> {
      await db.update(adminInvitations).set({ usedAt: null }).where(eq(adminInvitations.id, id));
    },

    async markUsedBy(id: string, userId: string, executor: Executor = db): Promise<void> {
      await executor.update(adminInvitations).set({ usedBy: userId }).where(eq(adminInvitations.id, id));
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
