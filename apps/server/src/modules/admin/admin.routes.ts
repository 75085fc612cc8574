import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flaggedPurchasesResponse } from '@quickvend/shared/api/purchases';
import { toPurchase, type PurchaseEngine } from '../purchases/index.ts';

export function registerAdminRoutes(
  parent: FastifyInstance,
  deps: { purchases: Pick<PurchaseEngine, 'listFlagged'> },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  /** Purchases still not final a day later: an admin chases them with the provider. */
  app.get(
    '/api/v1/admin/purchases/flagged',
    { config: { access: 'admin' }, schema: { response: { 200: flaggedPurchasesResponse } } },
    async () => ({
      purchases: (await deps.purchases.listFlagged()).map((row) => ({
        ...toPurchase(row),
        userId: row.userId,
      })),
    }),
  );
}
