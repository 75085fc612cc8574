import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { balanceResponse } from '@quickvend/shared/api/purchases';
import { statementQuery, statementResponse, walletResponse } from '@quickvend/shared/api/wallet';
import { toNairaString } from '@quickvend/shared/money';
import { signedInUser } from '../auth/index.ts';
import type { UserEventFeed } from '../../lib/user-events.ts';
import type { Ledger } from '../ledger/index.ts';
import type { BalanceFeed } from './wallet.events.ts';
import { getWalletBreakdown, type Statement } from './wallet.service.ts';
import { registerWalletEventStream, type StreamSessions } from './wallet.stream.ts';

export function registerWalletRoutes(
  parent: FastifyInstance,
  deps: {
    ledger: Ledger;
    /** the statement in words */
    statement: Statement;
    balanceFeed: BalanceFeed;
    /** what else the stream carries besides the balance (the notices' unread count) */
    feeds?: readonly UserEventFeed[];
    /** whether each open stream's session still lets its user in */
    sessions: StreamSessions;
    /** the most event streams this process holds at once */
    maxStreams?: number;
  },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { ledger } = deps;

  app.get(
    '/api/v1/balance',
    { config: { access: 'userOrKey' }, schema: { response: { 200: balanceResponse } } },
    async (request) => {
      const balanceKobo = await ledger.getWalletBalance(signedInUser(request).id);
      return { balanceKobo, balance: toNairaString(balanceKobo), currency: 'NGN' as const };
    },
  );

  app.get(
    '/api/v1/wallet',
    { config: { access: 'user' }, schema: { response: { 200: walletResponse } } },
    async (request) => {
      const userId = signedInUser(request).id;
      const [balanceKobo, breakdown] = await Promise.all([
        ledger.getWalletBalance(userId),
        getWalletBreakdown(ledger, userId),
      ]);
      return { balanceKobo, balance: toNairaString(balanceKobo), currency: 'NGN' as const, breakdown };
    },
  );

  app.get(
    '/api/v1/wallet/statement',
    {
      config: { access: 'user' },
      schema: { querystring: statementQuery, response: { 200: statementResponse } },
    },
    (request) => deps.statement.page(signedInUser(request).id, request.query),
  );

  registerWalletEventStream(parent, deps);
}
