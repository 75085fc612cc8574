import type { FastifyInstance } from 'fastify';
import { CSV_ROW_LIMIT } from '@quickvend/shared/api/admin-purchases';
import { sendCsv } from '../../lib/http/csv.ts';
import { actorOf } from '../audit/index.ts';
import type { PurchaseAdmin } from './purchase-admin.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** The back office's purchases: search and export, one purchase with its timeline, and the actions on it. */
export function registerPurchaseAdminRoutes(app: FastifyInstance, deps: { admin: PurchaseAdmin }): void {
  const { admin: purchases } = deps;

  route(app, contract.adminPurchases.search, async (request) => {
    const { page, pageSize, ...query } = request.query;
    return purchases.search(query, { page, pageSize });
  });

  route(app, contract.adminPurchases.csv, async (request, reply) => {
    const { filename, csv } = await purchases.exportCsv(request.query, CSV_ROW_LIMIT);
    return sendCsv(reply, filename, csv);
  });

  route(app, contract.adminPurchases.summary, async () => purchases.summary());

  route(app, contract.adminPurchases.get, async (request) => purchases.detail(request.params.id));

  route(app, contract.adminPurchases.events, async (request) =>
    purchases.events(request.params.id, request.query),
  );

  route(app, contract.adminPurchases.requery, async (request) =>
    purchases.requery(request.params.id, actorOf(request)),
  );

  route(app, contract.adminPurchases.refund, async (request) =>
    purchases.refund(request.params.id, request.body.reason, actorOf(request)),
  );

  route(app, contract.adminPurchases.deliver, async (request, reply) => {
    const { evidence, providerReference } = request.body;
    const requested = await purchases.requestDelivery(
      request.params.id,
      { evidence, ...(providerReference && { providerReference }) },
      actorOf(request),
    );
    return reply.status(201).send(requested);
  });
}
