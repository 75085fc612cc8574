import type { FastifyInstance } from 'fastify';
import { toPurchase, type PurchaseEngine } from '../purchases/index.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { purchases: Pick<PurchaseEngine, 'listFlagged'> },
): void {
  /** Purchases still not final a day later: an admin chases them with the provider. */
  route(app, contract.adminPurchases.flagged, async () => ({
    purchases: (await deps.purchases.listFlagged()).map((row) => ({
      ...toPurchase(row),
      userId: row.userId,
    })),
  }));
}
