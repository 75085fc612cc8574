import { userAdminMessages, type AdminUserProfile } from '@quickvend/shared/api/admin-users';
import { profileTexts } from '@quickvend/shared/api/profile';
import { formatNaira, type Kobo } from '@quickvend/shared/money';
import type { Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  concernedUserOf,
  type ApprovalHandler,
  type ApprovalKind,
  type ApprovalRow,
} from '../approvals/index.ts';
import type { Actor } from '../audit/index.ts';
import { statusOf, type UserRow } from '../auth/index.ts';
import { hasOpenPurchase } from '../purchases/index.ts';
import { adminChangeAskedMail, adminChangeDoneMail, type AdminChange } from './admin-changes.mail.ts';
import { createEmailChange } from './admin-email-change.ts';
import { createAdminInvitations } from './admin-invitations.ts';
import {
  ADMIN_APPROVAL,
  adminRequestStaleReason,
  adminRequestSubject,
  NO_LONGER_ADMIN,
} from './admin-requests.ts';
import {
  createAccountChanges,
  standing,
  type ChangeContext,
  type Told,
  type UserAdminDeps,
} from './user-admin.kit.ts';
import { createUserViews } from './user-admin.views.ts';

export { ADMIN_APPROVAL, NO_LONGER_ADMIN };
export type { EmailChange } from './admin-email-change.ts';
export type { UserAdminDeps };

/** What keeps an account from closing: it could still move money into or out of the wallet. */
export type MoneyInFlight = 'purchase' | 'payment' | 'deposit' | 'approval';

export type AccountAction = 'suspend' | 'unsuspend' | 'delete' | 'demote';

const KIND_OF: Record<AccountAction, string> = {
  suspend: ADMIN_APPROVAL.suspend,
  unsuspend: ADMIN_APPROVAL.restore,
  delete: ADMIN_APPROVAL.delete,
  demote: ADMIN_APPROVAL.demote,
};
const CHANGE_OF: Record<AccountAction, AdminChange> = {
  suspend: 'suspend',
  unsuspend: 'restore',
  delete: 'delete',
  demote: 'demote',
};

/** Made at once (a customer's account), or waiting for a second admin (an admin's). */
export type UserActionOutcome =
  | { status: 'applied'; user: AdminUserProfile }
  | { status: 'awaiting_approval'; user: AdminUserProfile; approval: ApprovalRow };

/** The back office's work on accounts: every change is audited in the transaction that makes it. */
export function createUserAdmin(deps: UserAdminDeps) {
  const { auth, ledger } = deps;
  const accounts = auth.accounts;
  const changes = createAccountChanges(deps);
  const { afterCommit, announce, audited, mailLater, personOf, prepare, publishTold } = changes;
  const { refuseAdminAtOnce, tellCustomer } = changes;
  const { profileOf, ...reads } = createUserViews(deps);
  const { carryOut: carryOutEmail, ...profileEdits } = createEmailChange(deps, changes, profileOf);
  const { carryOut: carryOutInvite, ...invitations } = createAdminInvitations(deps, changes);

  const refuseOwnAccount = (actor: Actor, userId: string) => {
    if (actor.id === userId) throw new AppError('FORBIDDEN', userAdminMessages.notYourself);
  };

  /**
   * Closes an account for good: the wallet row stays locked until the account is closed, so no credit slips
   * in after `refuse` (the caller's conditions) has seen the balance. Personal data anonymised, sessions and
   * keys ended; the ledger and purchases stay.
   */
  async function close(
    actor: Actor,
    userId: string,
    action: string,
    reason: string,
    refuse: (balanceKobo: Kobo, inFlight: MoneyInFlight | null) => void,
    context: ChangeContext = {},
  ): Promise<UserRow> {
    let revokedKeys: string[] = [];
    let transferAccount: Awaited<ReturnType<UserAdminDeps['funding']['closeDedicatedAccount']>> = null;
    const after = await audited(
      actor,
      userId,
      action,
      reason,
      async (tx) => {
        const recorded = await prepare(actor, userId, tx, context);
        const balanceKobo = await ledger.lockWalletBalance(userId, tx);
        refuse(balanceKobo, await moneyInFlight(userId, tx));
        const change = await accounts.softDelete(userId, tx);
        transferAccount = await deps.funding.closeDedicatedAccount(userId, tx);
        revokedKeys = await deps.partners.revokeAllKeys(userId, tx);
        return { ...change, recorded: { revokedKeys, ...recorded } };
      },
      standing,
      context.within?.tx,
    );
    await afterCommit(context.within, async () => {
      await deps.partners.forgetKeys(revokedKeys);
      await announce(userId);
      if (transferAccount) await deps.funding.deactivateDedicatedAccount(transferAccount);
    });
    return after;
  }

  /**
   * What could still move money into or out of the account: a purchase being confirmed, a card payment or
   * transfer being credited, a manual deposit or a request about the account waiting for an admin. The one check
   * of both closings, read inside the closing transaction once the wallet row is locked: every credit locks that
   * row first and then refuses (or parks) for a closed account, so nothing lands after this has looked.
   */
  async function moneyInFlight(userId: string, tx: Transaction): Promise<MoneyInFlight | null> {
    if (await hasOpenPurchase(tx, userId)) return 'purchase';
    if (await deps.funding.hasOpenPayment(userId, tx)) return 'payment';
    if (await deps.funding.hasPendingManualRequest(userId, tx)) return 'deposit';
    if (await deps.approvals.hasPendingAbout(userId, tx)) return 'approval';
    return null;
  }

  /**
   * No sign-in, sessions ended at once, keys refused in every process; payments already made still credit.
   * @throws NOT_FOUND, CONFLICT
   */
  async function applySuspend(actor: Actor, userId: string, reason: string, context: ChangeContext) {
    const told: Told = { event: null };
    const after = await audited(
      actor,
      userId,
      'user.suspend',
      reason,
      async (tx) => {
        const recorded = await prepare(actor, userId, tx, context);
        const change = await accounts.suspend(userId, reason, tx);
        refuseAdminAtOnce(change.before, context);
        const { after: row } = change;
        if (row.role !== 'admin')
          await tellCustomer(tx, told, {
            kind: 'account.suspended',
            userId,
            at: row.suspendedAt ?? row.updatedAt,
          });
        return { ...change, recorded };
      },
      standing,
      context.within?.tx,
    );
    await afterCommit(context.within, async () => {
      await announce(userId);
      publishTold(told);
    });
    return after;
  }

  /** @throws NOT_FOUND, CONFLICT */
  async function applyUnsuspend(actor: Actor, userId: string, reason: string, context: ChangeContext) {
    const told: Told = { event: null };
    const after = await audited(
      actor,
      userId,
      'user.unsuspend',
      reason,
      async (tx) => {
        const recorded = context.approval ? await prepare(actor, userId, tx, context) : {};
        const change = await accounts.unsuspend(userId, tx);
        refuseAdminAtOnce(change.before, context);
        if (change.after.role !== 'admin')
          await tellCustomer(tx, told, { kind: 'account.restored', userId, at: change.after.updatedAt });
        return { ...change, recorded };
      },
      standing,
      context.within?.tx,
    );
    await afterCommit(context.within, async () => {
      await announce(userId);
      publishTold(told);
    });
    return after;
  }

  /**
   * The spec's Delete: personal data anonymised, sessions and keys ended; the ledger and purchases stay.
   * @throws NOT_FOUND, CONFLICT (money left, the last admin, deleted)
   */
  async function applyDelete(actor: Actor, userId: string, reason: string, context: ChangeContext) {
    return close(
      actor,
      userId,
      'user.delete',
      reason,
      (balanceKobo, inFlight) => {
        if (balanceKobo !== 0) {
          throw new AppError('CONFLICT', userAdminMessages.balanceNotZero(formatNaira(balanceKobo)), {
            balanceKobo,
          });
        }
        if (inFlight) throw new AppError('CONFLICT', userAdminMessages.deleteWhile[inFlight]);
      },
      context,
    );
  }

  /** @throws NOT_FOUND, CONFLICT (not an admin, the last admin, deleted) */
  async function applyDemote(actor: Actor, userId: string, reason: string, context: ChangeContext) {
    const after = await audited(
      actor,
      userId,
      'user.demote',
      reason,
      async (tx) => {
        const recorded = await prepare(actor, userId, tx, context);
        const change = await accounts.demote(userId, tx);
        refuseAdminAtOnce(change.before, context);
        return { ...change, recorded };
      },
      standing,
      context.within?.tx,
    );
    await afterCommit(context.within, () => announce(userId));
    return after;
  }

  const APPLY: Record<
    AccountAction,
    (actor: Actor, userId: string, reason: string, context: ChangeContext) => Promise<UserRow>
  > = { suspend: applySuspend, unsuspend: applyUnsuspend, delete: applyDelete, demote: applyDemote };

  /**
   * A customer's account changes at once; an admin's waits for a second admin, who is neither the one asking
   * nor the admin concerned, and who is mailed the request's words as the admin concerned is.
   * @throws FORBIDDEN (own account), NOT_FOUND, CONFLICT
   */
  async function act(actor: Actor, userId: string, action: AccountAction, reason: string) {
    refuseOwnAccount(actor, userId);
    const target = await accounts.findUser(userId);
    if (!target) throw new AppError('NOT_FOUND', userAdminMessages.userNotFound);
    if (target.role !== 'admin' || target.deletedAt) {
      const after = await APPLY[action](actor, userId, reason, {});
      return { status: 'applied', user: await profileOf(after) } satisfies UserActionOutcome;
    }
    if (action === 'suspend' && target.suspendedAt)
      throw new AppError('CONFLICT', userAdminMessages.alreadySuspended);
    if (action === 'unsuspend' && !target.suspendedAt)
      throw new AppError('CONFLICT', userAdminMessages.notSuspended);
    if (action !== 'unsuspend' && !(await accounts.activeAdminIds()).some((id) => id !== userId))
      throw new AppError('CONFLICT', userAdminMessages.lastAdmin);
    const approval = await deps.approvals.request(
      {
        kind: KIND_OF[action],
        targetId: userId,
        payload: { userId, name: target.name, email: target.email },
        reason,
        onePending: true,
        refuseWhileWaiting: userAdminMessages.changeWaiting,
      },
      actor,
    );
    mailLater(adminChangeAskedMail(target, CHANGE_OF[action], await personOf(actor.id), reason));
    return {
      status: 'awaiting_approval',
      user: await profileOf(target),
      approval,
    } satisfies UserActionOutcome;
  }

  /** A second admin's approval of `action` on an admin, in the approval's transaction. */
  const carryOutAction =
    (action: AccountAction): ApprovalHandler =>
    async (approval, { tx, approver, afterCommit: later }) => {
      const userId = concernedUserOf(approval);
      if (!userId) throw new Error(`${approval.kind} names no account`);
      const before = await accounts.findUser(userId, tx);
      const after = await APPLY[action](approver, userId, approval.reason, {
        within: { tx, afterCommit: later },
        approval,
      });
      const approvedBy = await personOf(approver.id, tx);
      if (before)
        later(() => {
          mailLater(adminChangeDoneMail(before, CHANGE_OF[action], approvedBy));
        });
      return { userId, role: after.role, status: statusOf(after) };
    };

  const kind = (carryOut: ApprovalHandler): ApprovalKind => ({
    carryOut,
    staleReason: (row, executor) => adminRequestStaleReason(auth, row, executor),
    subjectOf: adminRequestSubject,
  });

  /** How each request about an admin is carried out once a second admin approves it. */
  const approvalKinds: Record<string, ApprovalKind> = {
    [ADMIN_APPROVAL.suspend]: kind(carryOutAction('suspend')),
    [ADMIN_APPROVAL.restore]: kind(carryOutAction('unsuspend')),
    [ADMIN_APPROVAL.delete]: kind(carryOutAction('delete')),
    [ADMIN_APPROVAL.demote]: kind(carryOutAction('demote')),
    [ADMIN_APPROVAL.email]: kind(carryOutEmail),
    [ADMIN_APPROVAL.invite]: kind(carryOutInvite),
  };

  return {
    approvalKinds,

    ...reads,
    ...profileEdits,

    /** A customer's at once, an admin's through a second admin. @throws FORBIDDEN (own account), NOT_FOUND, CONFLICT */
    suspend: (actor: Actor, userId: string, reason: string): Promise<UserActionOutcome> =>
      act(actor, userId, 'suspend', reason),

    /** A customer's at once, an admin's through a second admin. @throws FORBIDDEN, NOT_FOUND, CONFLICT */
    unsuspend: (actor: Actor, userId: string, reason: string): Promise<UserActionOutcome> =>
      act(actor, userId, 'unsuspend', reason),

    /**
     * The spec's Delete (see applyDelete): a customer's at once, an admin's through a second admin.
     * @throws FORBIDDEN (own account), NOT_FOUND, CONFLICT (money left, the last admin, deleted)
     */
    remove: (actor: Actor, userId: string, reason: string): Promise<UserActionOutcome> =>
      act(actor, userId, 'delete', reason),

    /**
     * The customer closes their own account (the caller has checked their password): the same closing as
     * Delete, refused while money is in the wallet or anything can still move money into or out of it (see
     * moneyInFlight), since each would leave money in an account nobody can open.
     * @throws NOT_FOUND, CONFLICT (money left, money in flight, the last admin, deleted)
     */
    async closeOwnAccount(actor: Actor, userId: string) {
      await close(actor, userId, 'user.close', 'Closed by the customer', (balanceKobo, inFlight) => {
        if (balanceKobo !== 0) {
          throw new AppError('CONFLICT', profileTexts.closeBalance(formatNaira(balanceKobo)), {
            balanceKobo,
          });
        }
        if (inFlight) throw new AppError('CONFLICT', profileTexts.closeWhile[inFlight]);
      });
    },

    /** Always through a second admin. @throws FORBIDDEN (own account), NOT_FOUND, CONFLICT (not an admin, the last admin) */
    demote: (actor: Actor, userId: string, reason: string): Promise<UserActionOutcome> =>
      act(actor, userId, 'demote', reason),

    ...invitations,
  };
}

export type UserAdmin = ReturnType<typeof createUserAdmin>;
