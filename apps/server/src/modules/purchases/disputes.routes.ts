import type { FastifyInstance } from 'fastify';
import { actorOf } from '../audit/index.ts';
import { signedInUser } from '../auth/index.ts';
import type { Disputes } from './disputes.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** "I didn't get it": the customer's report on their own purchase, and the team's list of them. */
export function registerDisputeRoutes(app: FastifyInstance, deps: { disputes: Disputes }): void {
  const { disputes } = deps;

  route(app, contract.disputes.report, async (request) => ({
    dispute: await disputes.open(signedInUser(request).id, request.params.requestId, request.body.note),
  }));

  route(app, contract.disputes.get, async (request) => ({
    dispute: await disputes.forPurchase(signedInUser(request).id, request.params.requestId),
  }));

  route(app, contract.adminPurchases.disputes, async (request) => ({
    disputes: await disputes.list(request.query.status),
  }));

  route(app, contract.adminPurchases.closeDispute, async (request) => ({
    dispute: await disputes.close(request.params.id, request.body.resolution, actorOf(request)),
  }));
}
