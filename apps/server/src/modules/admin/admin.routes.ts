import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flaggedPurchasesResponse } from '@quickvend/shared/api/purchases';
import { adminUsersResponse } from '@quickvend/shared/api/wallet';
import { toNairaString } from '@quickvend/shared/money';
import type { AuthService } from '../auth/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { toPurchase, type PurchaseEngine } from '../purchases/index.ts';

export function registerAdminRoutes(
  parent: FastifyInstance,
  deps: { auth: AuthService; ledger: Ledger; purchases: Pick<PurchaseEngine, 'listFlagged'> },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/admin/users',
    { config: { access: 'admin' }, schema: { response: { 200: adminUsersResponse } } },
    async () => {
      const users = await deps.auth.listUsers();
      const balances = await deps.ledger.getWalletBalances(users.map((u) => u.id));
      return {
        users: users.map((user) => {
          const balanceKobo = balances.get(user.id) ?? 0;
          return {
            id: user.id,
            name: user.name,
            email: user.email,
            role: user.role,
            balanceKobo,
            balance: toNairaString(balanceKobo),
            createdAt: user.createdAt.toISOString(),
          };
        }),
      };
    },
  );

  /** Purchases still not final a day later: an admin chases them with the provider. */
  app.get(
    '/api/v1/admin/purchases/flagged',
    { config: { access: 'admin' }, schema: { response: { 200: flaggedPurchasesResponse } } },
    async () => ({
      purchases: (await deps.purchases.listFlagged()).map((row) => ({
        ...toPurchase(row),
        userId: row.userId,
      })),
    }),
  );
}
