import type { FastifyInstance } from 'fastify';
import { koboFromNaira, toNairaString } from '@quickvend/shared/money';
import { fieldError } from '../../lib/errors.ts';
import { toApprovalViews, type FindPeople } from '../approvals/index.ts';
import { actorOf } from '../audit/index.ts';
import type { WalletAdjustments } from './wallet-adjustments.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

export function registerAdjustmentRoutes(
  app: FastifyInstance,
  deps: { adjustments: WalletAdjustments; findPeople: FindPeople },
): void {
  /**
   * Credits or debits the user's wallet at once, or asks a second admin when it would take the admin's own
   * credits and debits over 24 hours past a limit. Never the admin's own wallet.
   */
  route(app, contract.adminMoney.adjustWallet, async (request, reply) => {
    const actor = actorOf(request);
    const { direction, reason } = request.body;
    const amountKobo = koboFromNaira(request.body.amount, (message) => fieldError('amount', message));
    const outcome = await deps.adjustments.adjust(
      request.params.id,
      { direction, amountKobo, reason },
      actor,
    );
    if (outcome.status === 'awaiting_approval') {
      const [approval] = await toApprovalViews([outcome.approval], actor.id ?? '', deps.findPeople);
      if (!approval) throw new Error('approval view missing');
      return reply.status(201).send({ status: 'awaiting_approval', approval, why: outcome.why });
    }
    return reply.status(201).send({
      status: 'applied',
      adjustment: {
        id: outcome.adjustmentId,
        direction,
        amountKobo,
        amount: toNairaString(amountKobo),
        balanceBeforeKobo: outcome.balanceBeforeKobo,
        balanceAfterKobo: outcome.balanceAfterKobo,
        balanceAfter: toNairaString(outcome.balanceAfterKobo),
      },
    });
  });
}
