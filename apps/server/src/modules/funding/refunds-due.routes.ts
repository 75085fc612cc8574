import type { FastifyInstance } from 'fastify';
import { actorOf } from '../audit/index.ts';
import type { RefundsDue } from './refunds-due.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** Money that reached closed accounts: listed with who paid it, and marked as sent back by two admins. */
export function registerRefundsDueRoutes(app: FastifyInstance, deps: { refundsDue: RefundsDue }): void {
  route(app, contract.adminFunding.refundsDue, async (request) => ({
    refundsDue: await deps.refundsDue.list(request.query.status),
  }));

  route(app, contract.adminFunding.returnRefundDue, async (request, reply) => {
    const refundDue = await deps.refundsDue.askToReturn(
      request.params.id,
      request.body.note,
      actorOf(request),
    );
    return reply.status(202).send({ refundDue });
  });
}
