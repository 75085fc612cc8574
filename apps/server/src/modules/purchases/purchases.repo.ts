import { and, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { PurchaseStatus } from '@quickvend/shared/api/purchases';
import type { Database, Executor } from '../../db/client.ts';
import { readInIndexOrder } from '../../db/index-order.ts';
import { purchases, type StoredPurchaseStatus } from './purchases.tables.ts';

export type PurchaseRow = typeof purchases.$inferSelect;

/** Not final: the money is still held and the provider may yet deliver. */
export const OPEN: StoredPurchaseStatus[] = ['processing', 'pending'];

export type ListPurchasesQuery = {
  limit: number;
  cursor?: string | undefined;
  serviceId?: string | undefined;
  status?: PurchaseStatus | undefined;
};

/** Reads of the purchases table; the writes that move money live with the steps that make them. */
export function createPurchasesRepo(db: Database) {
  // prepared once: this lookup opens every purchase request
  const byRequestId = db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, sql.placeholder('userId')),
        eq(purchases.requestId, sql.placeholder('requestId')),
      ),
    )
    .prepare('purchase_by_request_id');

  async function findByRequestId(userId: string, requestId: string): Promise<PurchaseRow | null> {
    const [row] = await byRequestId.execute({ userId, requestId });
    return row ?? null;
  }

  async function findById(id: string): Promise<PurchaseRow | null> {
    const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
    return row ?? null;
  }

  async function findByIds(ids: readonly string[]): Promise<PurchaseRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(purchases)
      .where(inArray(purchases.id, [...ids]));
  }

  /** For ids that must exist (a purchase is never deleted). */
  async function getById(id: string): Promise<PurchaseRow> {
    const row = await findById(id);
    if (!row) throw new Error(`purchase ${id} vanished`);
    return row;
  }

  async function findByProviderRequestId(providerRequestId: string) {
    const [row] = await db.select().from(purchases).where(eq(purchases.providerRequestId, providerRequestId));
    return row ?? null;
  }

  /** Pending purchases due a requery, and processing ones older than `processingBefore` (orphaned by a crash). */
  async function listDue(now: Date, processingBefore: Date) {
    return db
      .select({ id: purchases.id, status: purchases.status })
      .from(purchases)
      .where(
        or(
          and(eq(purchases.status, 'processing'), lt(purchases.updatedAt, processingBefore)),
          and(eq(purchases.status, 'pending'), lte(purchases.nextCheckAt, now)),
        ),
      )
      .limit(500);
  }

  /** Newest first, `limit` at a time; `cursor` is the last id seen. Unfiltered, a page walks the (user, id) index. */
  async function listForUser(userId: string, query: ListPurchasesQuery) {
    const statuses: StoredPurchaseStatus[] | undefined =
      query.status === 'pending' ? ['processing', 'pending'] : query.status ? [query.status] : undefined;
    const read = (executor: Executor) =>
      executor
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.userId, userId),
            query.cursor ? lt(purchases.id, query.cursor) : undefined,
            query.serviceId ? eq(purchases.serviceId, query.serviceId) : undefined,
            statuses ? inArray(purchases.status, statuses) : undefined,
          ),
        )
        .orderBy(desc(purchases.id))
        .limit(query.limit + 1);
    // a filter may find its few rows faster through another index and a sort: the planner chooses
    const rows = await (statuses || query.serviceId ? read(db) : readInIndexOrder(db, read));
    const page = rows.slice(0, query.limit);
    return { purchases: page, nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
  }

  return {
    findByRequestId,
    findById,
    findByIds,
    getById,
    findByProviderRequestId,
    listDue,
    listForUser,
  };
}

export type PurchasesRepo = ReturnType<typeof createPurchasesRepo>;
