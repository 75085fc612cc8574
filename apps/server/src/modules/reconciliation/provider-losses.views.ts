import { desc, eq, sql } from 'drizzle-orm';
import type {
  ProviderLoss,
  ProviderLossesResponse,
  ProviderLossSource,
} from '@quickvend/shared/api/provider-losses';
import { kobo } from '@quickvend/shared/money';
import type { Database } from '../../db/client.ts';
import type { Approvals } from '../approvals/index.ts';
import { toPurchase, type PurchaseRow } from '../purchases/index.ts';
import { providerLosses, type ProviderLossRow } from './reconciliation.tables.ts';

type Person = { id: string; name: string; email: string };

/** What the back office reads of a purchase: what it was, and for whom. */
function purchaseFacts(row: PurchaseRow) {
  const purchase = toPurchase(row);
  return {
    serviceName: purchase.serviceName,
    planName: purchase.planName,
    recipient: purchase.billersCode ?? purchase.phone,
    amountKobo: purchase.amountKobo,
    createdAt: purchase.createdAt,
  };
}

/** The losses as the back office shows them: with their purchase, customer, and any recovery waiting. */
export function createLossViews(deps: {
  db: Database;
  approvals: Pick<Approvals, 'list'>;
  recoverKind: string;
  purchases: { findByIds(ids: readonly string[]): Promise<PurchaseRow[]> };
  people: { findUsersByIds(ids: readonly string[]): Promise<Map<string, Person>> };
}) {
  const { db, approvals } = deps;

  async function view(rows: ProviderLossRow[]): Promise<ProviderLoss[]> {
    const [purchases, waiting] = await Promise.all([
      deps.purchases.findByIds(rows.map((row) => row.purchaseId)),
      approvals.list({ kind: deps.recoverKind, status: 'pending', limit: 500 }),
    ]);
    const purchaseById = new Map(purchases.map((row) => [row.id, row]));
    const waitingByLoss = new Map(waiting.map((row) => [row.targetId, row]));
    const people = await deps.people.findUsersByIds([
      ...new Set([
        ...rows.flatMap((row) => [row.userId, ...(row.resolvedBy ? [row.resolvedBy] : [])]),
        ...waiting.map((row) => row.requestedBy),
      ]),
    ]);
    const labelOf = (id: string) => people.get(id)?.email ?? id;
    return rows.map((row) => {
      const purchase = purchaseById.get(row.purchaseId);
      const customer = people.get(row.userId);
      const recovery = row.status === 'open' ? waitingByLoss.get(row.id) : undefined;
      return {
        id: row.id,
        purchaseId: row.purchaseId,
        purchase: purchase ? purchaseFacts(purchase) : null,
        customer: customer ? { id: customer.id, name: customer.name, email: customer.email } : null,
        refundedKobo: row.refundedKobo,
        amountKobo: row.amountKobo,
        detectedBy: row.detectedBy as ProviderLossSource,
        detectedAt: row.detectedAt.toISOString(),
        status: row.status,
        resolvedBy: row.resolvedBy ? labelOf(row.resolvedBy) : null,
        resolvedAt: row.resolvedAt?.toISOString() ?? null,
        note: row.note,
        pendingRecovery: recovery
          ? {
              approvalId: recovery.id,
              requestedBy: labelOf(recovery.requestedBy),
              requestedAt: recovery.requestedAt.toISOString(),
            }
          : null,
      };
    });
  }

  return {
    view,

    /** Open losses first, newest first; then the resolved ones. */
    list: async (limit = 200): Promise<ProviderLossesResponse> => {
      const isResolved = sql`case when ${providerLosses.status} = 'open' then 0 else 1 end`;
      const [rows, [open]] = await Promise.all([
        db
          .select()
          .from(providerLosses)
          .orderBy(isResolved, desc(providerLosses.detectedAt), desc(providerLosses.id))
          .limit(limit),
        db
          .select({
            count: sql<number>`count(*)::int`,
            amountKobo: sql<string | number>`coalesce(sum(${providerLosses.amountKobo}), 0)::bigint`,
          })
          .from(providerLosses)
          .where(eq(providerLosses.status, 'open')),
      ]);
      return {
        losses: await view(rows),
        open: { count: open?.count ?? 0, amountKobo: kobo(Number(open?.amountKobo ?? 0)) },
      };
    },
  };
}
