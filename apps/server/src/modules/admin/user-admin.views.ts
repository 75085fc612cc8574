import {
  userAdminMessages,
  type AdminUserDetailResponse,
  type AdminUserProfile,
} from '@quickvend/shared/api/admin-users';
import { formatNaira, toNairaString, type Kobo } from '@quickvend/shared/money';
import { AppError } from '../../lib/errors.ts';
import { statusOf, type UserRow, type UserSearch } from '../auth/index.ts';
import { toApiKeyView } from '../partners/index.ts';
import { toPurchase } from '../purchases/index.ts';
import { getWalletBreakdown } from '../wallet/index.ts';
import type { UserAdminDeps } from './user-admin.kit.ts';
import { toManualRequestView, toPaymentView } from './user-views.ts';

const RECENT = 10;

export function toProfile(row: UserRow, balanceKobo: Kobo): AdminUserProfile {
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

/** What the back office reads of users: the list, one user's page, and closed accounts still holding money. */
export function createUserViews(
  deps: Pick<UserAdminDeps, 'auth' | 'ledger' | 'statement' | 'purchases' | 'funding' | 'partners'>,
) {
  const { auth, ledger } = deps;
  const accounts = auth.accounts;

  async function profileOf(row: UserRow): Promise<AdminUserProfile> {
    return toProfile(row, await ledger.getWalletBalance(row.id));
  }

  return {
    profileOf,

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
  };
}
