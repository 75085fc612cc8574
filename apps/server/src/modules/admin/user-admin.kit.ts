import type { FastifyBaseLogger } from 'fastify';
import { userAdminMessages } from '@quickvend/shared/api/admin-users';
import { inTransaction, type Database, type Executor, type Transaction } from '../../db/client.ts';
import type { CacheEvents } from '../../lib/cache-events.ts';
import type { DomainEvent, DomainEvents } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { approvalMessages, type ApprovalRow, type Approvals } from '../approvals/index.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import { statusOf, USERS_TOPIC, type AuthService, type UserRow } from '../auth/index.ts';
import type { FundingService } from '../funding/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Partners } from '../partners/index.ts';
import type { PurchaseEngine } from '../purchases/index.ts';
import type { Statement } from '../wallet/index.ts';
import { accountChangedEvent } from './admin.events.ts';
import { NO_LONGER_ADMIN } from './admin-requests.ts';

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

/** The approval's transaction, when a change is carried out as a second admin approves it. */
export type Within = { tx: Transaction; afterCommit: (announce: () => void) => void };
export type ChangeContext = { within?: Within; approval?: ApprovalRow };
/** What the customer is to hear of a change, once it has committed. */
export type Told = { event: DomainEvent<'account.changed'> | null };

/** What the audit log keeps of an account: its standing, never its password or sessions. */
export const standing = (row: UserRow) => ({
  role: row.role,
  status: statusOf(row),
  suspensionReason: row.suspensionReason,
});

/** What every change of an account shares: its audit record, what is said once it commits, and its checks. */
export function createAccountChanges(deps: UserAdminDeps) {
  const { db, auth, audit } = deps;
  const accounts = auth.accounts;

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

  return {
    announce,
    afterCommit,
    tellCustomer,
    publishTold,
    mailLater,
    personOf,
    refuseFormerAdmins,
    prepare,
    refuseAdminAtOnce,
    audited,
    refuseTakenEmail,
    sendEmailLink,
  };
}

export type AccountChanges = ReturnType<typeof createAccountChanges>;
