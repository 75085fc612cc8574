import type { FastifyInstance } from 'fastify';
import { actorOf } from '../audit/index.ts';
import type { ProviderLosses } from './provider-losses.service.ts';
import { providerLossMessages as say } from '@quickvend/shared/api/provider-losses';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** Provider-side losses: the list the back office shows, and the two ways to resolve one. */
export function registerProviderLossRoutes(app: FastifyInstance, deps: { losses: ProviderLosses }): void {
  const { losses } = deps;

  route(app, contract.adminReconciliation.providerLosses, async () => losses.list());

  route(app, contract.adminReconciliation.recoverLoss, async (request, reply) => {
    const asked = await losses.requestRecovery(request.params.id, request.body.reason, actorOf(request));
    return reply.status(201).send(asked);
  });

  route(app, contract.adminReconciliation.writeOffLoss, async (request) => ({
    loss: await losses.writeOff(request.params.id, request.body.reason, actorOf(request)),
    message: say.writtenOff,
  }));
}
