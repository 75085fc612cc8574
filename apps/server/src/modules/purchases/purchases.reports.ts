import { and, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { purchases, type StoredPurchaseStatus } from './purchases.tables.ts';

export type PurchaseFact = {
  id: string;
  createdAt: Date;
  serviceId: string;
  channel: 'web' | 'api';
  status: StoredPurchaseStatus;
  /** the ledger entries that settled or refunded it, once it is final */
  settleReference: string;
  refundReference: string;
};

/** What reports read of purchases: one fact per purchase made in a range, never its customer's data. */
export function createPurchaseReportQueries(db: Database) {
  return {
    /** Purchases made from `from` (included) to `to` (excluded). */
    async listPurchaseFacts(range: { from: Date; to: Date }): Promise<PurchaseFact[]> {
      const rows = await db
        .select({
          id: purchases.id,
          createdAt: purchases.createdAt,
          serviceId: purchases.serviceId,
          channel: purchases.channel,
          status: purchases.status,
        })
        .from(purchases)
        .where(
          and(
            eq(purchases.mode, 'live'),
            gte(purchases.createdAt, range.from),
            lt(purchases.createdAt, range.to),
          ),
        );
      return rows.map((row) => ({
        ...row,
        settleReference: `purchase:${row.id}:settle`,
        refundReference: `purchase:${row.id}:refund`,
      }));
    },
  };
}

export type PurchaseReportQueries = ReturnType<typeof createPurchaseReportQueries>;
