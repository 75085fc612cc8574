import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { servicesResponse, variationsResponse } from '@quickvend/shared/api/purchases';
import { toNairaString } from '@quickvend/shared/money';
import { AppError } from '../../lib/errors.ts';
import { findServiceDefinition } from './catalog.definitions.ts';
import type { Catalog } from './catalog.service.ts';

export function registerCatalogRoutes(parent: FastifyInstance, deps: { catalog: Catalog }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { catalog } = deps;

  app.get(
    '/api/v1/services',
    { config: { access: 'public' }, schema: { response: { 200: servicesResponse } } },
    async () => ({
      services: (await catalog.listServices()).map((service) => ({
        id: service.id,
        kind: service.kind,
        name: service.name,
        network: service.network,
        minimumKobo: service.minimumKobo,
        maximumKobo: service.maximumKobo,
        hasVariations: service.hasVariations,
        verification: service.verification,
        discountBps: service.discountBps,
        apiDiscountBps: service.apiDiscountBps,
      })),
    }),
  );

  app.get(
    '/api/v1/services/:serviceId/variations',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ serviceId: z.string().min(1).max(64) }),
        response: { 200: variationsResponse },
      },
    },
    async (request) => {
      const service = findServiceDefinition(request.params.serviceId);
      if (!service) throw new AppError('NOT_FOUND', 'We do not sell that service.');
      const variations = service.hasVariations ? await catalog.listVariations(service.id) : [];
      return {
        variations: variations.map((v) => ({
          code: v.code,
          name: v.name,
          amountKobo: v.amountKobo,
          amount: toNairaString(v.amountKobo),
          priceKobo: v.priceKobo,
          price: toNairaString(v.priceKobo),
          apiPriceKobo: v.apiPriceKobo,
          apiPrice: toNairaString(v.apiPriceKobo),
        })),
      };
    },
  );
}
