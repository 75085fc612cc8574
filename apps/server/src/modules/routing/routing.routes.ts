import type { FastifyInstance } from 'fastify';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';
import { actorOf } from '../audit/index.ts';
import type { RoutingAdmin } from './routing.admin.ts';

/** Where each service is sold, set by any admin with a reason (audited): it moves no money. */
export function registerRoutingRoutes(app: FastifyInstance, deps: { routing: RoutingAdmin }): void {
  route(app, contract.adminRouting.list, () => deps.routing.list());
  route(app, contract.adminRouting.save, async (request) => ({
    service: await deps.routing.save(actorOf(request), request.body),
  }));
}
