import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPriceServiceResponse,
  adminPricesResponse,
  pricePreviewBody,
  pricePreviewResponse,
  resetPriceQuery,
  savePriceBody,
  savePriceResponse,
} from '@quickvend/shared/api/admin-prices';
import { actorOf } from '../audit/index.ts';
import type { PriceAdmin } from './prices.service.ts';

/**
 * The back office's prices and margins: every rule, a preview, save and reset (both audited). A save that waits
 * for a second admin answers 202.
 */
export function registerPriceRoutes(parent: FastifyInstance, deps: { prices: PriceAdmin }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { prices } = deps;

  app.get(
    '/api/v1/admin/prices',
    { config: { access: 'admin' }, schema: { response: { 200: adminPricesResponse } } },
    async () => ({ services: await prices.list() }),
  );

  app.post(
    '/api/v1/admin/prices/preview',
    {
      config: { access: 'admin' },
      schema: { body: pricePreviewBody, response: { 200: pricePreviewResponse } },
    },
    async (request) => prices.preview(request.body),
  );

  app.put(
    '/api/v1/admin/prices',
    {
      config: { access: 'admin' },
      schema: { body: savePriceBody, response: { 200: savePriceResponse, 202: savePriceResponse } },
    },
    async (request, reply) => {
      const saved = await prices.save(actorOf(request), request.body);
      return reply.status(saved.status === 'applied' ? 200 : 202).send(saved);
    },
  );

  app.delete(
    '/api/v1/admin/prices',
    {
      config: { access: 'admin' },
      schema: { querystring: resetPriceQuery, response: { 200: adminPriceServiceResponse } },
    },
    async (request) => ({ service: await prices.reset(actorOf(request), request.query) }),
  );
}
