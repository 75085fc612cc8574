import type { FastifyInstance } from 'fastify';
import { AmountError, parseNaira, toNairaString, type Kobo } from '@quickvend/shared/money';
import { AppError } from '../../lib/errors.ts';
import { toApprovalViews, type FindPeople } from '../approvals/index.ts';
import { actorOf } from '../audit/index.ts';
import type { WalletAdjustments } from './wallet-adjustments.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

function amountFrom(input: string | number): Kobo {
  try {
    return parseNaira(input);
  } catch (error) {
    if (error instanceof AmountError) {
      throw new AppError('VALIDATION_FAILED', error.message, { fields: { amount: error.message } });
    }
    throw error;
  }
}

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
    const amountKobo = amountFrom(request.body.amount);
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
