import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { BillsProviderName } from '@quickvend/shared/providers';
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

    /**
     * Per service and provider, live purchases delivered since `since`, and what customers paid and the provider
     * took for those whose cost the provider told (the margin is read from those alone).
     */
    async providerMargins(since: Date): Promise<ProviderMargin[]> {
      const costed = sql`${purchases.costKobo} is not null`;
      const rows = await db
        .select({
          serviceId: purchases.serviceId,
          provider: purchases.provider,
          delivered: count(),
          chargedKobo: sql<string | null>`sum(${purchases.chargedKobo}) filter (where ${costed})`,
          costKobo: sql<string | null>`sum(${purchases.costKobo})`,
        })
        .from(purchases)
        .where(
          and(eq(purchases.mode, 'live'), eq(purchases.status, 'delivered'), gte(purchases.createdAt, since)),
        )
        .groupBy(purchases.serviceId, purchases.provider);
      return rows.map((row) => ({
        serviceId: row.serviceId,
        provider: row.provider,
        delivered: row.delivered,
        chargedKobo: Number(row.chargedKobo ?? 0),
        costKobo: Number(row.costKobo ?? 0),
      }));
    },
  };
}

export type ProviderMargin = {
  serviceId: string;
  provider: BillsProviderName;
  delivered: number;
  /** paid by customers for the delivered purchases whose cost is known */
  chargedKobo: number;
  costKobo: number;
};

export type PurchaseReportQueries = ReturnType<typeof createPurchaseReportQueries>;
