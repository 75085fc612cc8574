import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPurchaseDetailResponse,
  adminPurchaseEventsQuery,
  adminPurchaseEventsResponse,
  adminPurchasesFilter,
  adminPurchasesQuery,
  adminPurchasesResponse,
  CSV_ROW_LIMIT,
  csvText,
  deliverPurchaseBody,
  deliverRequestResponse,
  purchaseActionResponse,
  purchasesSummaryResponse,
  refundPurchaseBody,
  refundPurchaseResponse,
} from '@quickvend/shared/api/admin-purchases';
import { sendCsv } from '../../lib/http/csv.ts';
import { actorOf } from '../audit/index.ts';
import type { PurchaseAdmin } from './purchase-admin.service.ts';

const admin = { access: 'admin' } as const;
const idParams = z.object({ id: z.string().min(1).max(64) });

/** The back office's purchases: search and export, one purchase with its timeline, and the actions on it. */
export function registerPurchaseAdminRoutes(parent: FastifyInstance, deps: { admin: PurchaseAdmin }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { admin: purchases } = deps;

  app.get(
    '/api/v1/admin/purchases',
    {
      config: admin,
      schema: { querystring: adminPurchasesQuery, response: { 200: adminPurchasesResponse } },
    },
    async (request) => {
      const { page, pageSize, ...query } = request.query;
      return purchases.search(query, { page, pageSize });
    },
  );

  app.get(
    '/api/v1/admin/purchases.csv',
    { config: admin, schema: { querystring: adminPurchasesFilter, response: { 200: csvText } } },
    async (request, reply) => {
      const { filename, csv } = await purchases.exportCsv(request.query, CSV_ROW_LIMIT);
      return sendCsv(reply, filename, csv);
    },
  );

  app.get(
    '/api/v1/admin/purchases/summary',
    { config: admin, schema: { response: { 200: purchasesSummaryResponse } } },
    async () => purchases.summary(),
  );

  app.get(
    '/api/v1/admin/purchases/:id',
    { config: admin, schema: { params: idParams, response: { 200: adminPurchaseDetailResponse } } },
    async (request) => purchases.detail(request.params.id),
  );

  app.get(
    '/api/v1/admin/purchases/:id/events',
    {
      config: admin,
      schema: {
        params: idParams,
        querystring: adminPurchaseEventsQuery,
        response: { 200: adminPurchaseEventsResponse },
      },
    },
    async (request) => purchases.events(request.params.id, request.query),
  );

  app.post(
    '/api/v1/admin/purchases/:id/requery',
    { config: admin, schema: { params: idParams, response: { 200: purchaseActionResponse } } },
    async (request) => purchases.requery(request.params.id, actorOf(request)),
  );

  app.post(
    '/api/v1/admin/purchases/:id/refund',
    {
      config: admin,
      schema: { params: idParams, body: refundPurchaseBody, response: { 200: refundPurchaseResponse } },
    },
    async (request) => purchases.refund(request.params.id, request.body.reason, actorOf(request)),
  );

  app.post(
    '/api/v1/admin/purchases/:id/deliver',
    {
      config: admin,
      schema: { params: idParams, body: deliverPurchaseBody, response: { 201: deliverRequestResponse } },
    },
    async (request, reply) => {
      const { evidence, providerReference } = request.body;
      const requested = await purchases.requestDelivery(
        request.params.id,
        { evidence, ...(providerReference && { providerReference }) },
        actorOf(request),
      );
      return reply.status(201).send(requested);
    },
  );
}
