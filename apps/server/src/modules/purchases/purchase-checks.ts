import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { kobo, type Kobo } from '@quickvend/shared/money';
import type { BillsProviderName } from '@quickvend/shared/providers';
import type { Database } from '../../db/client.ts';
import { errorText } from './purchase-steps.ts';
import { ProviderUnavailableError, type BillsProvider } from './purchases.port.ts';
import { OPEN, type PurchaseRow } from './purchases.repo.ts';
import { purchases } from './purchases.tables.ts';
import type { RequeryAnswer } from './requery.service.ts';

/** A purchase as our books have it, for comparing with the provider's word. */
export type CheckedPurchase = {
  id: string;
  userId: string;
  createdAt: Date;
  serviceId: string;
  /** the number, smartcard or meter it was for */
  target: string;
  planName: string | null;
  /** `open`: processing or pending, the money still held */
  status: 'delivered' | 'failed' | 'open';
  chargedKobo: Kobo;
  /** what the ledger paid the provider for a delivered one (its reported cost, else the amount charged) */
  costKobo: Kobo | null;
  /** the aggregator it is with now, and the id it knows it by there */
  provider: BillsProviderName;
  providerRequestId: string;
};

/** What the provider says of a purchase now; `unreachable` when it could not be asked. */
export type ProviderWord = RequeryAnswer | { status: 'unreachable'; message: string };

function toChecked(row: PurchaseRow): CheckedPurchase {
  const status = OPEN.includes(row.status) ? 'open' : row.status === 'delivered' ? 'delivered' : 'failed';
  return {
    id: row.id,
    userId: row.userId,
    createdAt: row.createdAt,
    serviceId: row.serviceId,
    target: row.billersCode ?? row.phone,
    planName: row.planName,
    status,
    chargedKobo: row.chargedKobo,
    costKobo: status === 'delivered' ? kobo(row.costKobo ?? row.chargedKobo) : null,
    provider: row.provider,
    providerRequestId: row.providerRequestId,
  };
}

/**
 * Purchases set beside the provider's word on each, for reconciliation: asking here only looks, it never
 * moves money or changes a purchase (the requery job and the back office's requery do that).
 */
export function createPurchaseChecks(deps: {
  db: Database;
  provider: Pick<BillsProvider, 'requery'>;
  log: FastifyBaseLogger;
}) {
  const { db, provider, log } = deps;

  /** Purchases made from `from` (included) to `to` (excluded), oldest first. */
  async function listMade(range: { from: Date; to: Date }): Promise<CheckedPurchase[]> {
    const rows = await db
      .select()
      .from(purchases)
      .where(
        and(
          // test keys' purchases went to the simulators: VTpass never saw them
          eq(purchases.mode, 'live'),
          gte(purchases.createdAt, range.from),
          lt(purchases.createdAt, range.to),
        ),
      )
      .orderBy(asc(purchases.createdAt), asc(purchases.id));
    return rows.map(toChecked);
  }

  async function find(id: string): Promise<CheckedPurchase | null> {
    const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
    return row ? toChecked(row) : null;
  }

  /** Asks the provider about the purchase and returns its answer as it is, applying nothing. */
  async function ask(
    purchase: Pick<CheckedPurchase, 'id' | 'providerRequestId'> & { provider?: BillsProviderName },
  ): Promise<ProviderWord> {
    try {
      return await provider.requery(purchase.providerRequestId, purchase.provider);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError))
        log.error({ err: error, purchaseId: purchase.id }, 'asking the provider about a purchase failed');
      return { status: 'unreachable', message: errorText(error) };
    }
  }

  return { listMade, find, ask };
}

export type PurchaseChecks = ReturnType<typeof createPurchaseChecks>;
