import {
  userAdminMessages,
  type AdminUserDetailResponse,
  type AdminUserProfile,
} from '@quickvend/shared/api/admin-users';
import type { FastifyBaseLogger } from 'fastify';
import { profileTexts } from '@quickvend/shared/api/profile';
import { formatNaira, toNairaString, type Kobo } from '@quickvend/shared/money';
import { sql } from 'drizzle-orm';
import { inTransaction, type Database, type Executor, type Transaction } from '../../db/client.ts';
import type { CacheEvents } from '../../lib/cache-events.ts';
import type { DomainEvent, DomainEvents } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import {
  approvalMessages,
  concernedUserOf,
  type ApprovalHandler,
  type ApprovalKind,
  type ApprovalRow,
  type Approvals,
} from '../approvals/index.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import {
  MAX_OPEN_INVITATIONS,
  statusOf,
  USERS_TOPIC,
  type AuthService,
  type UserRow,
  type UserSearch,
} from '../auth/index.ts';
import type { FundingService } from '../funding/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { toApiKeyView, type Partners } from '../partners/index.ts';
import { hasOpenPurchase, toPurchase, type PurchaseEngine } from '../purchases/index.ts';
import { getWalletBreakdown, type Statement } from '../wallet/index.ts';
import { toManualRequestView, toPaymentView } from './user-views.ts';
import { accountChangedEvent } from './admin.events.ts';
import { adminChangeAskedMail, adminChangeDoneMail, type AdminChange } from './admin-changes.mail.ts';

const RECENT = 10;

/** What keeps an account from closing: it could still move money into or out of the wallet. */
export type MoneyInFlight = 'purchase' | 'payment' | 'deposit' | 'approval';

/** What a second admin must approve before it is done to an admin (or, for `admin.invite`, by one). */
export const ADMIN_APPROVAL = {
  invite: 'admin.invite',
  demote: 'admin.demote',
  suspend: 'admin.suspend',
  restore: 'admin.restore',
  delete: 'admin.delete',
  email: 'admin.email',
} as const;

export const NO_LONGER_ADMIN = 'The admin who asked is no longer an admin.';

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

export type EmailChange =
  { status: 'link_sent'; sentTo: string } | { status: 'awaiting_approval'; approval: ApprovalRow };

/** The approval's transaction, when a change is carried out as a second admin approves it. */
type Within = { tx: Transaction; afterCommit: (announce: () => void) => void };
type ChangeContext = { within?: Within; approval?: ApprovalRow };
/** What the customer is to hear of a change, once it has committed. */
type Told = { event: DomainEvent<'account.changed'> | null };

export type UserAdminDeps = {
  db: Database;
  auth: Pick<AuthService, 'accounts' | 'invitations' | 'findUserByEmail' | 'sendEmailChangeLink'>;
  ledger: Pick<Ledger, 'walletBalanceOf' | 'lockWalletBalance' | 'getWalletBalance' | 'sumWalletByKind'>;
  statement: Pick<Statement, 'adminPage'>;
  audit: Pick<AuditLog, 'record'>;
  partners: Pick<Partners, 'listKeys' | 'revokeAllKeys' | 'forgetKeys'>;
  purchases: Pick<PurchaseEngine, 'list'>;
  funding: Pick<
    FundingService,
    | 'listPayments'
    | 'listManualRequests'
    | 'hasPendingManualRequest'
    | 'hasOpenPayment'
    | 'closeDedicatedAccount'
    | 'deactivateDedicatedAccount'
  >;
  cacheEvents: Pick<CacheEvents, 'publish'>;
  approvals: Pick<Approvals, 'request' | 'closeFor' | 'list' | 'hasPendingAbout'>;
  /**
   * a customer hears (a notice and an email) of what an admin did to their account: `account.changed` is recorded
   * in the change's transaction and published once it commits
   */
  events?: Pick<DomainEvents, 'record' | 'publish'>;
  /** mail to an admin about a change of their own account */
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
};

function toProfile(row: UserRow, balanceKobo: Kobo): AdminUserProfile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    status: statusOf(row),
    balanceKobo,
    balance: toNairaString(balanceKobo),
    createdAt: row.createdAt.toISOString(),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an account: its standing, never its password or sessions. */
const standing = (row: UserRow) => ({
  role: row.role,
  status: statusOf(row),
  suspensionReason: row.suspensionReason,
});

/** The back office's work on accounts: every change is audited in the transaction that makes it. */
export function createUserAdmin(deps: UserAdminDeps) {
  const { db, auth, ledger, audit } = deps;
  const accounts = auth.accounts;

  const refuseOwnAccount = (actor: Actor, userId: string) => {
    if (actor.id === userId) throw new AppError('FORBIDDEN', userAdminMessages.notYourself);
  };
  const adminIdOf = (actor: Actor): string => {
    if (!actor.id) throw new Error('an invitation names the admin who made it');
    return actor.id;
  };

  /** After the change committed: every process forgets what it cached of this user. */
  const announce = (userId: string) => deps.cacheEvents.publish(USERS_TOPIC, userId);

  /** Runs `work` once the change has committed: now, or after the approval that carries it out. */
  async function afterCommit(within: Within | undefined, work: () => Promise<void>): Promise<void> {
    if (!within) return work();
    within.afterCommit(() => {
      work().catch((error: unknown) => {
        deps.log.error({ err: error }, 'an approved account change was not announced');
      });
    });
  }

  /** What the customer is told, recorded with the change; `told.event` is published once it commits. */
  async function tellCustomer(
    tx: Transaction,
    told: Told,
    change: Parameters<typeof accountChangedEvent>[0],
  ): Promise<void> {
    told.event = accountChangedEvent(change);
    await deps.events?.record(told.event, tx);
  }

  const publishTold = (told: Told) => {
    if (told.event) deps.events?.publish(told.event);
  };

  function mailLater(mail: { to: string; subject: string; text: string }): void {
    deps.sendMail(mail).catch((error: unknown) => {
      deps.log.error({ err: error }, 'an admin was not told of a change of their account');
    });
  }

  const personOf = async (id: string | null, executor: Executor = db) => {
    const row = id ? await accounts.findUser(id, executor) : null;
    return row ? { name: row.name, email: row.email } : { name: 'An admin', email: 'unknown' };
  };

  /**
   * An admin losing their power (demoted, suspended, deleted): the requests they made that still wait are
   * closed and their open invitations end, in the transaction that takes the power away. Runs before any
   * admin's row is locked, so it never waits on an approval while holding what that approval needs.
   */
  async function endAdminPowers(userId: string, actor: Actor, tx: Transaction) {
    const row = await accounts.findUser(userId, tx);
    if (row?.role !== 'admin') return {};
    const closed = await deps.approvals.closeFor({ requestedBy: userId }, NO_LONGER_ADMIN, tx);
    const revoked = await auth.invitations.revokeAllBy(userId, actor.id ?? userId, tx);
    return {
      ...(revoked.length > 0 && { revokedInvitations: revoked }),
      ...(closed.length > 0 && { closedRequests: closed.map((request) => request.id) }),
    };
  }

  /**
   * A second admin carries out a request only while both they and the admin who asked are active admins; their
   * rows stay locked to the end, so neither can lose the power meanwhile. @throws CONFLICT
   */
  async function refuseFormerAdmins(approval: ApprovalRow, approver: Actor, tx: Transaction) {
    const active = await accounts.lockActiveAdmins(tx);
    if (!approver.id || !active.includes(approver.id))
      throw new AppError('CONFLICT', userAdminMessages.approverNotAdmin);
    if (!active.includes(approval.requestedBy))
      throw new AppError('CONFLICT', approvalMessages.noLongerApplies(NO_LONGER_ADMIN));
  }

  /** What every change of an account does first, and what its audit record adds. */
  async function prepare(actor: Actor, userId: string, tx: Transaction, context: ChangeContext) {
    const powers = await endAdminPowers(userId, actor, tx);
    if (context.approval) await refuseFormerAdmins(context.approval, actor, tx);
    return {
      ...powers,
      ...(context.approval && {
        approvalId: context.approval.id,
        requestedBy: context.approval.requestedBy,
      }),
    };
  }

  /** An admin's account changes only through a second admin: a change made at once must find a customer. */
  function refuseAdminAtOnce(before: UserRow, context: ChangeContext): void {
    if (!context.approval && before.role === 'admin')
      throw new AppError('CONFLICT', userAdminMessages.becameAdmin);
  }

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

  async function profileOf(row: UserRow): Promise<AdminUserProfile> {
    return toProfile(row, await ledger.getWalletBalance(row.id));
  }

  /** Runs a change of one account and its audit record in one transaction. */
  async function audited(
    actor: Actor,
    userId: string,
    action: string,
    reason: string | null,
    work: (
      tx: Transaction,
    ) => Promise<{ before: UserRow; after: UserRow; recorded?: Record<string, unknown> }>,
    show: (row: UserRow) => Record<string, unknown> = standing,
    outer?: Transaction,
  ): Promise<UserRow> {
    return inTransaction(db, outer, async (tx) => {
      const { before, after, recorded } = await work(tx);
      await audit.record(
        actor,
        {
          action,
          targetType: 'user',
          targetId: userId,
          before: show(before),
          after: { ...show(after), ...recorded },
          reason,
        },
        tx,
      );
      return after;
    });
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

  /** @throws EMAIL_TAKEN (on the email field) */
  async function refuseTakenEmail(email: string, userId: string, executor: Executor) {
    const holder = await auth.findUserByEmail(email, executor);
    if (holder && holder.id !== userId) {
      throw new AppError('EMAIL_TAKEN', userAdminMessages.emailTaken, {
        fields: { email: userAdminMessages.emailTaken },
      });
    }
  }

  /** The link to the new address, and the old address told, once the change is asked for (or approved). */
  function sendEmailLink(target: UserRow, newEmail: string) {
    return auth.sendEmailChangeLink({ id: target.id, name: target.name, email: target.email }, newEmail);
  }

  /** Why a waiting request about (or by) an admin no longer applies, or null. */
  async function staleReason(row: ApprovalRow, executor: Executor): Promise<string | null> {
    if (!(await accounts.activeAdminIds(executor)).includes(row.requestedBy)) return NO_LONGER_ADMIN;
    if (row.kind === ADMIN_APPROVAL.invite) return null;
    const userId = concernedUserOf(row);
    const target = userId ? await accounts.findUser(userId, executor) : null;
    if (!target || target.deletedAt) return 'The account is deleted.';
    switch (row.kind) {
      case ADMIN_APPROVAL.demote:
        return target.role === 'admin' ? null : 'The account is no longer an admin.';
      case ADMIN_APPROVAL.suspend:
        return target.suspendedAt ? 'The account is already suspended.' : null;
      case ADMIN_APPROVAL.restore:
        return target.suspendedAt ? null : 'The account is no longer suspended.';
      case ADMIN_APPROVAL.email: {
        const email = String(row.payload['email']);
        if (target.email === email) return 'The account already uses this email.';
        const holder = await auth.findUserByEmail(email, executor);
        return holder && holder.id !== target.id ? 'Another account now uses this email.' : null;
      }
      default:
        return null;
    }
  }

  function subjectOf(row: ApprovalRow) {
    if (row.kind === ADMIN_APPROVAL.invite) {
      const email = row.payload['email'];
      return {
        label: typeof email === 'string' ? `Invitation for ${email}` : 'Invitation for anyone with the link',
        href: '/admin/users',
      };
    }
    const userId = concernedUserOf(row);
    const name = row.payload['name'];
    return userId
      ? { label: `Admin ${typeof name === 'string' ? name : 'account'}`, href: `/edit-user/${userId}` }
      : null;
  }

  const kind = (carryOut: ApprovalHandler): ApprovalKind => ({ carryOut, staleReason, subjectOf });

  /** How each request about an admin is carried out once a second admin approves it. */
  const approvalKinds: Record<string, ApprovalKind> = {
    [ADMIN_APPROVAL.suspend]: kind(carryOutAction('suspend')),
    [ADMIN_APPROVAL.restore]: kind(carryOutAction('unsuspend')),
    [ADMIN_APPROVAL.delete]: kind(carryOutAction('delete')),
    [ADMIN_APPROVAL.demote]: kind(carryOutAction('demote')),
    [ADMIN_APPROVAL.email]: kind(async (approval, { tx, approver, afterCommit: later }) => {
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
    }),
    [ADMIN_APPROVAL.invite]: kind(async (approval, { tx, approver }) => {
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
    }),
  };

  return {
    approvalKinds,

    async search(query: UserSearch) {
      const { rows, total } = await accounts.search(query, ledger.walletBalanceOf);
      return {
        users: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          phone: row.phone,
          role: row.role,
          status: statusOf(row),
          balanceKobo: row.balanceKobo,
          balance: toNairaString(row.balanceKobo as Kobo),
          createdAt: row.createdAt.toISOString(),
        })),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    /** Everything the user's page shows. @throws NOT_FOUND */
    async detail(userId: string): Promise<AdminUserDetailResponse> {
      const row = await accounts.findUser(userId);
      if (!row) throw new AppError('NOT_FOUND', userAdminMessages.userNotFound);
      const [balanceKobo, breakdown, statement, purchases, payments, manual, keys, sessions] =
        await Promise.all([
          ledger.getWalletBalance(userId),
          getWalletBreakdown(ledger, userId),
          deps.statement.adminPage(userId, { limit: 20 }),
          deps.purchases.list(userId, { limit: RECENT }),
          deps.funding.listPayments(userId, RECENT),
          deps.funding.listManualRequests({ userId }),
          deps.partners.listKeys(userId),
          accounts.listSessions(userId),
        ]);
      return {
        user: toProfile(row, balanceKobo),
        wallet: { balanceKobo, balance: toNairaString(balanceKobo), breakdown },
        statement,
        purchases: purchases.purchases.map(toPurchase),
        payments: payments.map(toPaymentView),
        manualRequests: manual.slice(0, RECENT).map(toManualRequestView),
        apiKeys: keys.map(toApiKeyView),
        sessions: sessions.map((session) => ({
          id: session.id,
          userAgent: session.userAgent,
          ipAddress: session.ipAddress,
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
        })),
      };
    },

    /** For `ledger:verify`: every closed or deleted account whose wallet still holds money, as a problem. */
    async findMoneyInClosedAccounts(): Promise<string[]> {
      const problems: string[] = [];
      for (let page = 1; ; page += 1) {
        const query = { status: 'deleted', sort: 'balance', order: 'desc', page, pageSize: 100 } as const;
        const { rows } = await accounts.search(query, ledger.walletBalanceOf);
        const holding = rows.filter((row) => row.balanceKobo !== 0);
        for (const row of holding) {
          const held = formatNaira(row.balanceKobo);
          problems.push(`closed account ${row.id} still holds ${held} (${row.balanceKobo} kobo)`);
        }
        if (holding.length < rows.length || rows.length < query.pageSize) return problems;
      }
    },

    /** @throws NOT_FOUND */
    async statement(userId: string, page: { limit: number; cursor?: number | undefined }) {
      if (!(await accounts.findUser(userId))) throw new AppError('NOT_FOUND', userAdminMessages.userNotFound);
      return deps.statement.adminPage(userId, page);
    },

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

export type UserAdmin = ReturnType<typeof createUserAdmin>;
