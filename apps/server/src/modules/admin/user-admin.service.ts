import {
  userAdminMessages,
  type AdminUserDetailResponse,
  type AdminUserProfile,
} from '@quickvend/shared/api/admin-users';
import { profileTexts } from '@quickvend/shared/api/profile';
import { formatNaira, toNairaString, type Kobo } from '@quickvend/shared/money';
import type { Database, Transaction } from '../../db/client.ts';
import type { CacheEvents } from '../../lib/cache-events.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import { statusOf, USERS_TOPIC, type AuthService, type UserRow, type UserSearch } from '../auth/index.ts';
import type { FundingService } from '../funding/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Partners } from '../partners/index.ts';
import { hasOpenPurchase, toPurchase, type PurchaseEngine } from '../purchases/index.ts';
import { getWalletBreakdown, toStatementLine } from '../wallet/index.ts';
import { toApiKeyView, toManualRequestView, toPaymentView } from './user-views.ts';

const RECENT = 10;

export type UserAdminDeps = {
  db: Database;
  auth: Pick<AuthService, 'accounts' | 'invitations'>;
  ledger: Pick<
    Ledger,
    'walletBalanceOf' | 'lockWalletBalance' | 'getWalletBalance' | 'sumWalletByKind' | 'listWalletLines'
  >;
  audit: Pick<AuditLog, 'record'>;
  partners: Pick<Partners, 'listKeys' | 'revokeAllKeys' | 'forgetKeys'>;
  purchases: Pick<PurchaseEngine, 'list'>;
  funding: Pick<FundingService, 'listPayments' | 'listManualRequests' | 'hasPendingManualRequest'>;
  cacheEvents: Pick<CacheEvents, 'publish'>;
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
    refuse: (balanceKobo: Kobo, tx: Transaction) => Promise<void>,
  ): Promise<UserRow> {
    let revokedKeys: string[] = [];
    const after = await audited(actor, userId, action, reason, async (tx) => {
      await refuse(await ledger.lockWalletBalance(userId, tx), tx);
      const change = await accounts.softDelete(userId, tx);
      revokedKeys = await deps.partners.revokeAllKeys(userId, tx);
      return { ...change, recorded: { revokedKeys } };
    });
    await deps.partners.forgetKeys(revokedKeys);
    await announce(userId);
    return after;
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
  ): Promise<UserRow> {
    return db.transaction(async (tx) => {
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

  return {
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
          ledger.listWalletLines(userId, { limit: 20 }),
          deps.purchases.list(userId, { limit: RECENT }),
          deps.funding.listPayments(userId, RECENT),
          deps.funding.listManualRequests({ userId }),
          deps.partners.listKeys(userId),
          accounts.listSessions(userId),
        ]);
      return {
        user: toProfile(row, balanceKobo),
        wallet: { balanceKobo, balance: toNairaString(balanceKobo), breakdown },
        statement: { lines: statement.lines.map(toStatementLine), nextCursor: statement.nextCursor },
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

    /** @throws NOT_FOUND */
    async statement(userId: string, page: { limit: number; cursor?: number | undefined }) {
      if (!(await accounts.findUser(userId))) throw new AppError('NOT_FOUND', userAdminMessages.userNotFound);
      const { lines, nextCursor } = await ledger.listWalletLines(userId, page);
      return { lines: lines.map(toStatementLine), nextCursor };
    },

    /** @throws NOT_FOUND, CONFLICT (deleted), EMAIL_TAKEN */
    async updateProfile(
      actor: Actor,
      userId: string,
      input: { name: string; email: string; phone: string | null },
    ) {
      const after = await audited(
        actor,
        userId,
        'user.update',
        null,
        (tx) => accounts.updateProfile(userId, input, tx),
        (row) => ({ name: row.name, email: row.email, phone: row.phone }),
      );
      return profileOf(after);
    },

    /**
     * No sign-in, sessions ended at once, keys refused in every process; payments already made still credit.
     * @throws FORBIDDEN (own account), NOT_FOUND, CONFLICT
     */
    async suspend(actor: Actor, userId: string, reason: string) {
      refuseOwnAccount(actor, userId);
      const after = await audited(actor, userId, 'user.suspend', reason, (tx) =>
        accounts.suspend(userId, reason, tx),
      );
      await announce(userId);
      return profileOf(after);
    },

    /** @throws NOT_FOUND, CONFLICT */
    async unsuspend(actor: Actor, userId: string, reason: string) {
      const after = await audited(actor, userId, 'user.unsuspend', reason, (tx) =>
        accounts.unsuspend(userId, tx),
      );
      await announce(userId);
      return profileOf(after);
    },

    /**
     * The spec's Delete: personal data anonymised, sessions and keys ended; the ledger and purchases stay.
     * @throws FORBIDDEN (own account), NOT_FOUND, CONFLICT (money left, the last admin, deleted)
     */
    async remove(actor: Actor, userId: string, reason: string) {
      refuseOwnAccount(actor, userId);
      const after = await close(actor, userId, 'user.delete', reason, (balanceKobo) => {
        if (balanceKobo !== 0) {
          throw new AppError('CONFLICT', userAdminMessages.balanceNotZero(formatNaira(balanceKobo)), {
            balanceKobo,
          });
        }
        return Promise.resolve();
      });
      return profileOf(after);
    },

    /**
     * The customer closes their own account (the caller has checked their password): the same closing as
     * Delete, refused while money is in the wallet, a purchase is being confirmed or a deposit awaits an
     * admin, since each would leave money in an account nobody can open.
     * @throws NOT_FOUND, CONFLICT (money left, a purchase or deposit open, the last admin, deleted)
     */
    async closeOwnAccount(actor: Actor, userId: string) {
      await close(actor, userId, 'user.close', 'Closed by the customer', async (balanceKobo, tx) => {
        // an approval locks the wallet before it credits, and refuses a closed account
        if (await deps.funding.hasPendingManualRequest(userId, tx))
          throw new AppError('CONFLICT', profileTexts.closePendingDeposit);
        if (balanceKobo !== 0) {
          throw new AppError('CONFLICT', profileTexts.closeBalance(formatNaira(balanceKobo)), {
            balanceKobo,
          });
        }
        if (await hasOpenPurchase(tx, userId)) {
          throw new AppError('CONFLICT', profileTexts.closePendingPurchase);
        }
      });
    },

    /** @throws FORBIDDEN (own account), NOT_FOUND, CONFLICT (not an admin, the last admin) */
    async demote(actor: Actor, userId: string, reason: string) {
      refuseOwnAccount(actor, userId);
      const after = await audited(actor, userId, 'user.demote', reason, (tx) => accounts.demote(userId, tx));
      await announce(userId);
      return profileOf(after);
    },

    listInvitations: () => auth.invitations.list(),

    async invite(actor: Actor, email: string | undefined) {
      return db.transaction(async (tx) => {
        const created = await auth.invitations.create(adminIdOf(actor), email, tx);
        await audit.record(
          actor,
          {
            action: 'invitation.create',
            targetType: 'invitation',
            targetId: created.id,
            after: { email: created.email, expiresAt: created.expiresAt },
          },
          tx,
        );
        return created;
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
