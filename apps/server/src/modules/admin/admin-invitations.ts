import { userAdminMessages } from '@quickvend/shared/api/admin-users';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { ApprovalHandler, ApprovalRow } from '../approvals/index.ts';
import type { Actor } from '../audit/index.ts';
import { MAX_OPEN_INVITATIONS } from '../auth/index.ts';
import { ADMIN_APPROVAL } from './admin-requests.ts';
import type { AccountChanges, UserAdminDeps } from './user-admin.kit.ts';

/** Invitation links for new admins: each asked for by one admin and made once a second approves. */
export function createAdminInvitations(
  deps: Pick<UserAdminDeps, 'db' | 'auth' | 'audit' | 'approvals'>,
  changes: Pick<AccountChanges, 'refuseFormerAdmins'>,
) {
  const { db, auth, audit } = deps;
  const { refuseFormerAdmins } = changes;
  const adminIdOf = (actor: Actor): string => {
    if (!actor.id) throw new Error('an invitation names the admin who made it');
    return actor.id;
  };

  /** A second admin's approval of an invitation: the link is made in the asker's name. */
  const carryOut: ApprovalHandler = async (approval, { tx, approver }) => {
    await refuseFormerAdmins(approval, approver, tx);
    const maker = approval.requestedBy;
    if ((await auth.invitations.countOpenBy(maker, tx)) >= MAX_OPEN_INVITATIONS)
      throw new AppError('CONFLICT', userAdminMessages.invitationLimit(MAX_OPEN_INVITATIONS));
    const email = typeof approval.payload['email'] === 'string' ? approval.payload['email'] : undefined;
    const created = await auth.invitations.create(maker, email, tx);
    await audit.record(
      approver,
      {
        action: 'invitation.create',
        targetType: 'invitation',
        targetId: created.id,
        after: {
          email: created.email,
          expiresAt: created.expiresAt,
          createdBy: maker,
          approvalId: approval.id,
        },
      },
      tx,
    );
    return { invitationId: created.id, email: created.email };
  };

  return {
    carryOut,

    listInvitations: () => auth.invitations.list(),

    /**
     * Asks a second admin for an invitation link; their approval makes it, in the asker's name. An admin holds
     * at most a few, open or waiting, counted under a lock on the asker so two requests at once cannot both fit.
     * @throws CONFLICT (too many)
     */
    async invite(actor: Actor, email: string | undefined): Promise<ApprovalRow> {
      const maker = adminIdOf(actor);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`admin-invite:${maker}`}))`);
        const open = await auth.invitations.countOpenBy(maker, tx);
        const waiting = await deps.approvals.list(
          {
            status: 'pending',
            kind: ADMIN_APPROVAL.invite,
            requestedBy: maker,
            limit: MAX_OPEN_INVITATIONS + 1,
          },
          tx,
        );
        if (open + waiting.length >= MAX_OPEN_INVITATIONS)
          throw new AppError('CONFLICT', userAdminMessages.invitationLimit(MAX_OPEN_INVITATIONS));
        const address = email?.toLowerCase();
        return deps.approvals.request(
          {
            kind: ADMIN_APPROVAL.invite,
            targetId: address ?? 'any',
            payload: address ? { email: address } : {},
            reason: address
              ? `Invite ${address} to be an admin`
              : 'Invite a new admin (anyone with the link)',
          },
          actor,
          tx,
        );
      });
    },

    /** @throws NOT_FOUND, CONFLICT when it is no longer open */
    async revokeInvitation(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const before = await auth.invitations.get(id, tx);
        await auth.invitations.revoke(id, adminIdOf(actor), tx);
        await audit.record(
          actor,
          {
            action: 'invitation.revoke',
            targetType: 'invitation',
            targetId: id,
            before: { status: before.status, email: before.email },
            after: { status: 'revoked', email: before.email },
          },
          tx,
        );
      });
      return auth.invitations.get(id);
    },
  };
}
