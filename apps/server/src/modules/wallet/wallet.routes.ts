import type { FastifyInstance } from 'fastify';
import { toNairaString } from '@quickvend/shared/money';
import { contract } from '@quickvend/shared/contract/index';
import type { Clock } from '../../lib/clock.ts';
import { sendCsv } from '../../lib/http/csv.ts';
import { route } from '../../lib/http/route.ts';
import { signedInUser } from '../auth/index.ts';
import type { UserEventFeed } from '../../lib/user-events.ts';
import type { Ledger } from '../ledger/index.ts';
import type { BalanceFeed } from './wallet.events.ts';
import type { PeriodStatement } from './statement-period.ts';
import { getWalletBreakdown, type Statement } from './wallet.service.ts';
import { registerWalletEventStream, type StreamSessions } from './wallet.stream.ts';

export function registerWalletRoutes(
  app: FastifyInstance,
  deps: {
    ledger: Ledger;
    /** the statement in words */
    statement: Statement;
    /** a period's statement with its balances (partners, the CSV download) */
    periodStatement: PeriodStatement;
    clock: Clock;
    balanceFeed: BalanceFeed;
    /** what else the stream carries besides the balance (the notices' unread count) */
    feeds?: readonly UserEventFeed[];
    /** whether each open stream's session still lets its user in */
    sessions: StreamSessions;
    /** the most event streams this process holds at once */
    maxStreams?: number;
  },
): void {
  const { ledger } = deps;

  route(app, contract.purchases.balance, async (request) => {
    const balanceKobo = await ledger.getWalletBalance(signedInUser(request).id);
    return { balanceKobo, balance: toNairaString(balanceKobo), currency: 'NGN' as const };
  });

  route(app, contract.wallet.get, async (request) => {
    const userId = signedInUser(request).id;
    const [balanceKobo, breakdown] = await Promise.all([
      ledger.getWalletBalance(userId),
      getWalletBreakdown(ledger, userId),
    ]);
    return { balanceKobo, balance: toNairaString(balanceKobo), currency: 'NGN' as const, breakdown };
  });

  route(app, contract.wallet.statement, (request) =>
    deps.statement.page(signedInUser(request).id, request.query),
  );

  route(app, contract.wallet.periodStatement, (request) =>
    deps.periodStatement.page(signedInUser(request).id, request.query, deps.clock.now()),
  );

  route(app, contract.wallet.periodStatementCsv, async (request, reply) => {
    const { filename, csv } = await deps.periodStatement.csv(
      signedInUser(request).id,
      request.query,
      deps.clock.now(),
    );
    return sendCsv(reply, filename, csv);
  });

  registerWalletEventStream(app, deps);
}
