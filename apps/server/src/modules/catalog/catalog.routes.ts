import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toNairaString } from '@quickvend/shared/money';
import { AppError } from '../../lib/errors.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';
import { findServiceDefinition } from './catalog.definitions.ts';
import type { Catalog } from './catalog.service.ts';

export function registerCatalogRoutes(
  app: FastifyInstance,
  deps: {
    catalog: Catalog;
    /** reads the partner key a caller of a public route sends, so a partner is answered with its own prices */
    loadKeyCaller?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  },
): void {
  const { catalog } = deps;

  route(app, contract.catalog.services, async () => ({
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
  }));

  route(app, contract.catalog.variations, async (request, reply) => {
    // anyone may ask; a caller who sends a key is a partner (a wrong key is refused as anywhere else)
    if (request.headers.authorization?.startsWith('Bearer ')) await deps.loadKeyCaller?.(request, reply);
    const service = findServiceDefinition(request.params.serviceId);
    if (!service) throw new AppError('NOT_FOUND', 'We do not sell that service.');
    const variations = service.hasVariations ? await catalog.listVariations(service.id) : [];
    const isPartner = request.authMethod === 'key';
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
        callerPriceKobo: isPartner ? v.apiPriceKobo : v.priceKobo,
        callerPrice: toNairaString(isPartner ? v.apiPriceKobo : v.priceKobo),
      })),
    };
  });
}
