import { and, desc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { PurchaseStatus } from '@quickvend/shared/api/purchases';
import type { Database, Executor } from '../../db/client.ts';
import { readInIndexOrder } from '../../db/index-order.ts';
import { firstIdAt } from '../../lib/ids.ts';
import { purchaseFailovers, purchases, type StoredPurchaseStatus } from './purchases.tables.ts';

export type PurchaseRow = typeof purchases.$inferSelect;

/** Not final: the money is still held and the provider may yet deliver. */
export const OPEN: StoredPurchaseStatus[] = ['processing', 'pending'];

export type ListPurchasesQuery = {
  limit: number;
  cursor?: string | undefined;
  serviceId?: string | undefined;
  status?: PurchaseStatus | undefined;
  /** made at or after (`createdAt`) */
  from?: Date | undefined;
  /** made before */
  to?: Date | undefined;
};

/**
 * How far a purchase's id may lag or lead its `createdAt` (the id is made by the server's clock just before the
 * row is written with the database's): a date filter reads this much more of the (user, id) index and no more.
 */
const ID_TIME_SLACK_MS = 60_000;

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

  async function findById(id: string, tx?: Executor): Promise<PurchaseRow | null> {
    const [row] = await (tx ?? db).select().from(purchases).where(eq(purchases.id, id));
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

  /** The purchase a provider knows by this request id: the one it is with, or one it moved on from. */
  async function findByProviderRequestId(providerRequestId: string) {
    const [row] = await db.select().from(purchases).where(eq(purchases.providerRequestId, providerRequestId));
    if (row) return row;
    const [left] = await db
      .select({ purchase: purchases })
      .from(purchaseFailovers)
      .innerJoin(purchases, eq(purchases.id, purchaseFailovers.purchaseId))
      .where(eq(purchaseFailovers.providerRequestId, providerRequestId));
    return left?.purchase ?? null;
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

  /**
   * Newest first, `limit` at a time; `cursor` is the last id seen. Unfiltered or by period, a page walks the
   * (user, id) index; by status or service the planner may choose another index and a sort.
   */
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
            // ids sort by the time they were made: a period is a run of the (user, id) index
            query.from
              ? and(
                  gte(purchases.id, firstIdAt('pur', new Date(query.from.getTime() - ID_TIME_SLACK_MS))),
                  gte(purchases.createdAt, query.from),
                )
              : undefined,
            query.to
              ? and(
                  lt(purchases.id, firstIdAt('pur', new Date(query.to.getTime() + ID_TIME_SLACK_MS))),
                  lt(purchases.createdAt, query.to),
                )
              : undefined,
          ),
        )
        .orderBy(desc(purchases.id))
        .limit(query.limit + 1);
    // a filter may find its few rows faster through another index and a sort: the planner chooses
    const rows = await (statuses || query.serviceId ? read(db) : readInIndexOrder(db, read));
    const page = rows.slice(0, query.limit);
    return { purchases: page, nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
  }

  /**
   * Takes the turn to ask the provider about an open purchase on a caller's behalf: true for one caller a
   * minute across every process (the row's lock orders them; the loser reads the new time and takes none).
   */
  async function claimCallerRequery(id: string, now: Date, notSince: Date): Promise<boolean> {
    const rows = await db
      .update(purchases)
      .set({ lastRequeriedAt: now })
      .where(
        and(
          eq(purchases.id, id),
          inArray(purchases.status, OPEN),
          or(sql`${purchases.lastRequeriedAt} is null`, lte(purchases.lastRequeriedAt, notSince)),
        ),
      )
      .returning({ id: purchases.id });
    return rows.length > 0;
  }

  return {
    claimCallerRequery,
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
