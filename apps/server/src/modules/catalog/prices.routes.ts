import type { FastifyInstance } from 'fastify';
import { actorOf } from '../audit/index.ts';
import type { PriceAdmin } from './prices.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/**
 * The back office's prices and margins: every rule, a preview, save and reset (both audited). A save that waits
 * for a second admin answers 202.
 */
export function registerPriceRoutes(app: FastifyInstance, deps: { prices: PriceAdmin }): void {
  const { prices } = deps;

  route(app, contract.adminPrices.list, async () => ({ services: await prices.list() }));

  route(app, contract.adminPrices.preview, async (request) => prices.preview(request.body));

  route(app, contract.adminPrices.save, async (request, reply) => {
    const saved = await prices.save(actorOf(request), request.body);
    return reply.status(saved.status === 'applied' ? 200 : 202).send(saved);
  });

  route(app, contract.adminPrices.reset, async (request) => ({
    service: await prices.reset(actorOf(request), request.query),
  }));
}
