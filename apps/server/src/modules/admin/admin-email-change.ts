import { userAdminMessages, type AdminUserProfile } from '@quickvend/shared/api/admin-users';
import { AppError } from '../../lib/errors.ts';
import { concernedUserOf, type ApprovalHandler, type ApprovalRow } from '../approvals/index.ts';
import type { Actor } from '../audit/index.ts';
import type { UserRow } from '../auth/index.ts';
import { adminChangeAskedMail, adminChangeDoneMail } from './admin-changes.mail.ts';
import { ADMIN_APPROVAL } from './admin-requests.ts';
import type { AccountChanges, Told, UserAdminDeps } from './user-admin.kit.ts';

export type EmailChange =
  { status: 'link_sent'; sentTo: string } | { status: 'awaiting_approval'; approval: ApprovalRow };

/**
 * A user's name, phone and email changed by an admin: a new email only ever through the link sent to it, and an
 * admin's only once a second admin approves.
 */
export function createEmailChange(
  deps: Pick<UserAdminDeps, 'db' | 'auth' | 'audit' | 'approvals' | 'log'>,
  changes: AccountChanges,
  profileOf: (row: UserRow) => Promise<AdminUserProfile>,
) {
  const { db, audit } = deps;
  const accounts = deps.auth.accounts;
  const { audited, mailLater, personOf, publishTold, refuseFormerAdmins, refuseTakenEmail, sendEmailLink } =
    changes;
  const { tellCustomer } = changes;

  /** A second admin's approval of an admin's new email, in the approval's transaction: the link goes after. */
  const carryOut: ApprovalHandler = async (approval, { tx, approver, afterCommit: later }) => {
    await refuseFormerAdmins(approval, approver, tx);
    const userId = concernedUserOf(approval);
    const target = userId ? await accounts.findUser(userId, tx) : null;
    if (!target || target.deletedAt) throw new AppError('CONFLICT', userAdminMessages.deletedAccount);
    const newEmail = String(approval.payload['email']);
    await refuseTakenEmail(newEmail, target.id, tx);
    await audit.record(
      approver,
      {
        action: 'user.email-change',
        targetType: 'user',
        targetId: target.id,
        before: { email: target.email },
        after: { email: target.email, linkSentTo: newEmail, approvalId: approval.id },
        reason: approval.reason,
      },
      tx,
    );
    const approvedBy = await personOf(approver.id, tx);
    later(() => {
      sendEmailLink(target, newEmail).catch((error: unknown) => {
        deps.log.error({ err: error }, 'an approved email change link was not sent');
      });
      mailLater(adminChangeDoneMail(target, 'email', approvedBy, newEmail));
    });
    return { userId: target.id, linkSentTo: newEmail };
  };

  return {
    carryOut,

    /**
     * Name and phone change at once. A new email never does: the new address gets the link the customer's own
     * change sends, and the account takes it only when the link is opened; the customer is told at once at the
     * old address. An admin's new email waits for a second admin before the link goes.
     * @throws FORBIDDEN (own admin account's email), NOT_FOUND, CONFLICT (deleted, a change waiting), EMAIL_TAKEN
     */
    async updateProfile(
      actor: Actor,
      userId: string,
      input: { name: string; email: string; phone: string | null },
    ): Promise<{ user: AdminUserProfile; emailChange: EmailChange | null }> {
      const target = await accounts.findUser(userId);
      if (!target) throw new AppError('NOT_FOUND', userAdminMessages.userNotFound);
      if (target.deletedAt) throw new AppError('CONFLICT', userAdminMessages.deletedAccount);
      const newEmail = input.email.toLowerCase();
      const isEmailChange = newEmail !== target.email;
      if (isEmailChange) await refuseTakenEmail(newEmail, userId, db);
      const asked: { approval: ApprovalRow | null } = { approval: null };
      const told: Told = { event: null };
      const after = await audited(
        actor,
        userId,
        'user.update',
        null,
        async (tx) => {
          const change = await accounts.updateProfile(userId, { ...input, email: target.email }, tx);
          if (!isEmailChange) return change;
          if (change.before.role === 'admin') {
            asked.approval = await deps.approvals.request(
              {
                kind: ADMIN_APPROVAL.email,
                targetId: userId,
                payload: { userId, name: change.before.name, email: newEmail, from: change.before.email },
                reason: `Change the email to ${newEmail}`,
                onePending: true,
                refuseWhileWaiting: userAdminMessages.changeWaiting,
              },
              actor,
              tx,
            );
            return { ...change, recorded: { emailChangeAsked: newEmail } };
          }
          await tellCustomer(tx, told, {
            kind: 'email.change-started',
            userId,
            at: change.after.updatedAt,
            newEmail,
          });
          return { ...change, recorded: { emailLinkSentTo: newEmail } };
        },
        (row) => ({ name: row.name, email: row.email, phone: row.phone }),
      );
      const user = await profileOf(after);
      if (!isEmailChange) return { user, emailChange: null };
      const { approval } = asked;
      if (approval) {
        mailLater(
          adminChangeAskedMail(
            target,
            'email',
            await personOf(actor.id),
            `Change the email to ${newEmail}`,
            newEmail,
          ),
        );
        return { user, emailChange: { status: 'awaiting_approval', approval } };
      }
      await sendEmailLink(target, newEmail);
      publishTold(told);
      return { user, emailChange: { status: 'link_sent', sentTo: newEmail } };
    },
  };
}
