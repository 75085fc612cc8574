import type { Kobo } from '@quickvend/shared/money';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { manualFundingRequests, payments } from './funding.tables.ts';

export type FundingFact = {
  method: 'card' | 'transfer' | 'manual';
  /** when the wallet was credited */
  creditedAt: Date;
  /** the ledger entry that credited it */
  reference: string;
  /** what the payment gateway kept; none for a manual deposit */
  gatewayFeesKobo: Kobo | null;
};

/** What reports read of fundings: each payment and manual deposit credited in a range. */
export function createFundingReportQueries(db: Database) {
  return {
    /** Fundings credited from `from` (included) to `to` (excluded). */
    async listFundingFacts(range: { from: Date; to: Date }): Promise<FundingFact[]> {
      const paid = await db
        .select({
          reference: payments.reference,
          channel: payments.channel,
          paidAt: payments.paidAt,
          feesKobo: payments.feesKobo,
        })
        .from(payments)
        .where(
          and(
            eq(payments.status, 'success'),
            gte(payments.paidAt, range.from),
            lt(payments.paidAt, range.to),
          ),
        );
      const approved = await db
        .select({ id: manualFundingRequests.id, decidedAt: manualFundingRequests.decidedAt })
        .from(manualFundingRequests)
        .where(
          and(
            eq(manualFundingRequests.status, 'approved'),
            gte(manualFundingRequests.decidedAt, range.from),
            lt(manualFundingRequests.decidedAt, range.to),
          ),
        );
      const facts: FundingFact[] = [];
      for (const row of paid) {
        if (!row.paidAt) continue;
        facts.push({
          method: row.channel === 'dedicated_nuban' ? 'transfer' : 'card',
          creditedAt: row.paidAt,
          reference: `funding:${row.reference}`,
          gatewayFeesKobo: row.feesKobo,
        });
      }
      for (const row of approved) {
        if (!row.decidedAt) continue;
        facts.push({
          method: 'manual',
          creditedAt: row.decidedAt,
          reference: `manual:${row.id}`,
          gatewayFeesKobo: null,
        });
      }
      return facts;
    },
  };
}

export type FundingReportQueries = ReturnType<typeof createFundingReportQueries>;
