import type { FastifyInstance } from 'fastify';
import { toNairaString } from '@quickvend/shared/money';
import type { AuthService, Guards } from '../auth/index.ts';
import type { Ledger } from '../ledger/index.ts';

export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; ledger: Ledger; guards: Guards },
): void {
  app.get('/api/v1/admin/users', { preHandler: deps.guards.requireAdmin }, async () => {
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
  });
}
