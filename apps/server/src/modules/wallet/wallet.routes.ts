import type { FastifyInstance } from 'fastify';
import { toNairaString } from '@quickvend/shared/money';
import type { Ledger } from '../ledger/index.ts';
import { signedInUser, type Guards } from '../auth/index.ts';

export function registerWalletRoutes(app: FastifyInstance, deps: { ledger: Ledger; guards: Guards }): void {
  app.get('/api/v1/wallet', { preHandler: deps.guards.requireUser }, async (request) => {
    const balanceKobo = await deps.ledger.getWalletBalance(signedInUser(request).id);
    return { balanceKobo, balance: toNairaString(balanceKobo), currency: 'NGN' as const };
  });
}
