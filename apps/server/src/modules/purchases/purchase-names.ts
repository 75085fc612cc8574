import { inArray } from 'drizzle-orm';
import type { PurchaseWordsInput } from '@quickvend/shared/purchase-words';
import type { Database } from '../../db/client.ts';
import { findServiceDefinition } from '../catalog/index.ts';
import { purchases } from './purchases.tables.ts';

/** What naming a purchase takes (see purchase-words), whose it is, and the id its receipt is found by. */
export type PurchaseName = PurchaseWordsInput & { id: string; userId: string; requestId: string };

/** Purchases by id, only the columns their words need: one query for a statement page's purchases. */
export function createPurchaseNames(db: Database) {
  return async function purchaseNamesByIds(ids: readonly string[]): Promise<Map<string, PurchaseName>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: purchases.id,
        userId: purchases.userId,
        requestId: purchases.requestId,
        serviceId: purchases.serviceId,
        phone: purchases.phone,
        billersCode: purchases.billersCode,
        planName: purchases.planName,
        subscriptionType: purchases.subscriptionType,
        quantity: purchases.quantity,
      })
      .from(purchases)
      .where(inArray(purchases.id, [...new Set(ids)]));
    return new Map(
      rows.map((row) => {
        const service = findServiceDefinition(row.serviceId);
        // as toPurchase names them
        const name = {
          ...row,
          kind: service?.kind ?? 'airtime',
          serviceName: service?.name ?? row.serviceId,
        };
        return [row.id, name];
      }),
    );
  };
}

export type PurchaseNames = ReturnType<typeof createPurchaseNames>;
