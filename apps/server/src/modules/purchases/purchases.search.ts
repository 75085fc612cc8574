import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, min, or, sql, type SQL } from 'drizzle-orm';
import type { AdminPurchaseSort } from '@quickvend/shared/api/admin-purchases';
import type { PurchaseStatus } from '@quickvend/shared/api/purchases';
import { parseNaira } from '@quickvend/shared/money';
import type { Database } from '../../db/client.ts';
import { OPEN, type PurchaseRow } from './purchases.repo.ts';
import { purchaseDisputes, purchases, purchaseStatuses } from './purchases.tables.ts';

/** A purchase still open this long after it was made is stuck: an admin should look at it. */
export const STUCK_AFTER_MS = 24 * 60 * 60_000;

export type PurchaseFilter = {
  status?: PurchaseStatus | undefined;
  stuck?: boolean | undefined;
  serviceId?: string | undefined;
  channel?: 'web' | 'api' | undefined;
  userId?: string | undefined;
  /** the first instant included */
  since?: Date | undefined;
  /** the first instant excluded */
  until?: Date | undefined;
  number?: string | undefined;
  requestId?: string | undefined;
  providerRequestId?: string | undefined;
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
  sort: AdminPurchaseSort;
  order: 'asc' | 'desc';
};

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A phone, smartcard or meter number as stored: digits only, a Nigerian number in its local form. */
function compactNumber(input: string): string {
  const digits = input.replace(/\D/g, '');
  return /^234\d{10}$/.test(digits) ? `0${digits.slice(3)}` : digits;
}

/** How many purchases are open, and how many of those are stuck: one look at the open-purchases index. */
export async function countOpenPurchases(
  db: Database,
  now: Date,
): Promise<{ pending: number; flagged: number }> {
  const stuckBefore = new Date(now.getTime() - STUCK_AFTER_MS);
  const [row] = await db
    .select({
      pending: count(),
      flagged: sql<number>`(count(*) filter (where ${lt(purchases.createdAt, stuckBefore)}))::int`,
    })
    .from(purchases)
    .where(inArray(purchases.status, OPEN));
  return { pending: row?.pending ?? 0, flagged: row?.flagged ?? 0 };
}

/** Open since before `now` less a day. */
export const isStuck = (now: Date) =>
  and(inArray(purchases.status, OPEN), lt(purchases.createdAt, new Date(now.getTime() - STUCK_AFTER_MS)));

function conditionsOf(filter: PurchaseFilter, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.status === 'pending') conditions.push(inArray(purchases.status, OPEN));
  else if (filter.status) conditions.push(eq(purchases.status, filter.status));
  if (filter.stuck) conditions.push(isStuck(now));
  if (filter.serviceId) conditions.push(eq(purchases.serviceId, filter.serviceId));
  if (filter.channel) conditions.push(eq(purchases.channel, filter.channel));
  if (filter.userId) conditions.push(eq(purchases.userId, filter.userId));
  if (filter.since) conditions.push(gte(purchases.createdAt, filter.since));
  if (filter.until) conditions.push(lt(purchases.createdAt, filter.until));
  if (filter.number) {
    const digits = compactNumber(filter.number);
    const pattern = `%${likeEscaped(digits)}%`;
    // numbers are digits: text with none matches nothing
    conditions.push(
      digits ? or(ilike(purchases.phone, pattern), ilike(purchases.billersCode, pattern)) : sql`false`,
    );
  }
  if (filter.requestId) {
    conditions.push(or(eq(purchases.requestId, filter.requestId), eq(purchases.id, filter.requestId)));
  }
  if (filter.providerRequestId) {
    const reference = filter.providerRequestId;
    conditions.push(
      or(eq(purchases.providerRequestId, reference), eq(purchases.providerReference, reference)),
    );
  }
  if (filter.minAmount) conditions.push(gte(purchases.amountKobo, parseNaira(filter.minAmount)));
  if (filter.maxAmount) conditions.push(lte(purchases.amountKobo, parseNaira(filter.maxAmount)));
  return and(...conditions);
}

const SORT_COLUMNS = {
  createdAt: purchases.createdAt,
  amount: purchases.amountKobo,
  charged: purchases.chargedKobo,
} as const;

/** The back office's reads over every customer's purchases. */
export function createPurchaseSearch(db: Database) {
  function ordered(filter: PurchaseFilter) {
    const direction = filter.order === 'asc' ? asc : desc;
    // ids are time-sortable: a stable order among equal values
    return [direction(SORT_COLUMNS[filter.sort]), direction(purchases.id)];
  }

  return {
    async search(
      filter: PurchaseFilter,
      page: { page: number; pageSize: number },
      now: Date,
    ): Promise<{ rows: PurchaseRow[]; total: number }> {
      const where = conditionsOf(filter, now);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(purchases)
          .where(where)
          .orderBy(...ordered(filter))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ total: count() }).from(purchases).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Every purchase the filter finds, in its order, up to `limit`. */
    async all(filter: PurchaseFilter, limit: number, now: Date): Promise<PurchaseRow[]> {
      return db
        .select()
        .from(purchases)
        .where(conditionsOf(filter, now))
        .orderBy(...ordered(filter))
        .limit(limit);
    },

    /** How many purchases are in each state, how many are stuck, and how many reports wait for the team. */
    async summary(now: Date) {
      const [grouped, [stuck], [disputes]] = await Promise.all([
        db.select({ status: purchases.status, total: count() }).from(purchases).groupBy(purchases.status),
        db.select({ total: count() }).from(purchases).where(isStuck(now)),
        db
          .select({ total: count(), oldest: min(purchaseDisputes.createdAt) })
          .from(purchaseDisputes)
          .where(eq(purchaseDisputes.status, 'open')),
      ]);
      const byStatus = Object.fromEntries(purchaseStatuses.map((status) => [status, 0])) as Record<
        (typeof purchaseStatuses)[number],
        number
      >;
      for (const { status, total } of grouped) byStatus[status] = total;
      return {
        byStatus,
        open: byStatus.processing + byStatus.pending,
        flagged: stuck?.total ?? 0,
        disputes: {
          open: disputes?.total ?? 0,
          oldestOpenAt: disputes?.oldest?.toISOString() ?? null,
        },
      };
    },

    /** Stuck purchases, oldest first. */
    async listStuck(now: Date): Promise<PurchaseRow[]> {
      return db.select().from(purchases).where(isStuck(now)).orderBy(asc(purchases.createdAt)).limit(500);
    },
  };
}

export type PurchaseSearch = ReturnType<typeof createPurchaseSearch>;
