import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { kobo, type Kobo } from '@quickvend/shared/money';
import type { Database } from '../../../db/client.ts';
import { asStore } from '../memory.ts';
import { SERVICES_BY_ID } from './vtpass-simulator.catalog.ts';
import type { Sale } from './vtpass-simulator.sale.ts';
import {
  sandboxVtpassFloat,
  sandboxVtpassRecentTargets,
  sandboxVtpassSales,
  sandboxVtpassWalletCreditIds,
} from './vtpass-simulator.tables.ts';

export type SaleDraft = Omit<Sale, 'productId'>;

export type RecordRules = {
  /** the service and number the duplicate rule looks at; null: a sandbox scenario number, never a duplicate */
  duplicateKey: string | null;
  duplicateWindowMs: number;
  /** the sale takes its total from the float (every sale that is not failed at once) */
  debit: boolean;
};

export type RecordOutcome = { recorded: Sale } | { refused: 'exists' | 'duplicate' | 'low-float' };

/** What a sandbox control changes in a sale after the fact: its status, and what it took from the float. */
export type SaleChange = { status?: 'delivered' | 'reversed' | undefined; totalKobo?: Kobo | undefined };

/** What a sale in this status takes from the float: a sale VTpass took and did not fail or reverse. */
const floatTakenBy = (sale: { status: Sale['status']; totalKobo: Kobo }): number =>
  sale.status === 'delivered' || sale.status === 'pending' ? sale.totalKobo : 0;

/** Whether `change` reverses a sale that has no wallet credit id yet (a reversal reports one). */
const needsCreditId = (sale: Sale, change: SaleChange) =>
  (change.status ?? sale.status) === 'reversed' && sale.walletCreditId === null;

/** The sale after `change`; `creditId` is its new wallet credit id when `needsCreditId`. */
function changedSale(sale: Sale, change: SaleChange, creditId: number | null): Sale {
  const totalKobo = change.totalKobo ?? sale.totalKobo;
  return {
    ...sale,
    status: change.status ?? sale.status,
    totalKobo,
    commissionKobo: kobo(sale.amountKobo - totalKobo),
    resolveAt: null,
    walletCreditId: needsCreditId(sale, change) ? creditId : sale.walletCreditId,
  };
}

/**
 * Where a simulator keeps its sales, its float and the numbers it sold to lately. Each call is atomic on
 * its own, so several simulators sharing one store (processes on one database) agree on every sale.
 */
export type VtpassStore = {
  /** The float starts at this amount unless the store already has one. */
  init(initialFloatKobo: Kobo): Promise<void>;
  hasSale(requestId: string): Promise<boolean>;
  findSale(requestId: string): Promise<Sale | undefined>;
  /** Records the sale unless its request id exists, the number sold within the window, or the float is short. */
  recordSale(draft: SaleDraft, rules: RecordRules): Promise<RecordOutcome>;
  /** Ends a pending sale (a reversal credits the float back); undefined when the sale is not pending. */
  settle(requestId: string, status: 'delivered' | 'reversed'): Promise<Sale | undefined>;
  pendingRequestIds(): Promise<string[]>;
  floatKobo(): Promise<Kobo>;
  setFloat(amount: Kobo): Promise<void>;
  /**
   * Changes a sale after the fact, as VTpass staff would: the float gives back or takes what the change
   * moves. undefined when there is no such sale.
   */
  alterSale(requestId: string, change: SaleChange): Promise<Sale | undefined>;
  /** Forgets a sale, as though VTpass never received it; the float gets back what it took. */
  forgetSale(requestId: string): Promise<boolean>;
};

/** One process's memory: a standalone simulator (the benchmark's, or VTpass in a test of its own). */
export function createMemoryVtpassStore(): VtpassStore {
  const sales = new Map<string, Sale>();
  const lastSaleAt = new Map<string, number>();
  let floatKobo = kobo(0);
  let hasFloat = false;
  let nextProductId = 100;
  let nextWalletCreditId = 5_000_001;

  return asStore<VtpassStore>({
    init(initialFloatKobo) {
      if (!hasFloat) floatKobo = initialFloatKobo;
      hasFloat = true;
    },
    hasSale: (requestId) => sales.has(requestId),
    findSale: (requestId) => sales.get(requestId),
    recordSale(draft, rules) {
      if (sales.has(draft.requestId)) return { refused: 'exists' };
      const at = draft.createdAt.getTime();
      if (rules.duplicateKey !== null) {
        const last = lastSaleAt.get(rules.duplicateKey);
        if (last !== undefined && at - last < rules.duplicateWindowMs) return { refused: 'duplicate' };
      }
      if (rules.debit && draft.totalKobo > floatKobo) return { refused: 'low-float' };
      if (rules.duplicateKey !== null) lastSaleAt.set(rules.duplicateKey, at);
      if (rules.debit) floatKobo = kobo(floatKobo - draft.totalKobo);
      const sale: Sale = { ...draft, productId: nextProductId++ };
      sales.set(sale.requestId, sale);
      return { recorded: sale };
    },
    settle(requestId, status) {
      const sale = sales.get(requestId);
      if (sale?.status !== 'pending') return undefined;
      sale.status = status;
      sale.resolveAt = null;
      if (status === 'reversed') {
        floatKobo = kobo(floatKobo + sale.totalKobo);
        sale.walletCreditId = nextWalletCreditId++;
      }
      return sale;
    },
    pendingRequestIds: () =>
      [...sales.values()].filter((sale) => sale.status === 'pending').map((sale) => sale.requestId),
    floatKobo: () => floatKobo,
    setFloat(amount) {
      floatKobo = amount;
      hasFloat = true;
    },
    alterSale(requestId, change) {
      const sale = sales.get(requestId);
      if (!sale) return undefined;
      const altered = changedSale(sale, change, needsCreditId(sale, change) ? nextWalletCreditId++ : null);
      floatKobo = kobo(floatKobo + floatTakenBy(sale) - floatTakenBy(altered));
      sales.set(requestId, altered);
      return altered;
    },
    forgetSale(requestId) {
      const sale = sales.get(requestId);
      if (!sale) return false;
      floatKobo = kobo(floatKobo + floatTakenBy(sale));
      sales.delete(requestId);
      return true;
    },
  });
}

class Refusal extends Error {
  constructor(readonly reason: 'duplicate' | 'low-float') {
    super(reason);
  }
}

const FLOAT_ROW = 1;

/** The tables every server process on this database shares (sandbox mode in the app). */
export function createDatabaseVtpassStore(db: Database): VtpassStore {
  const sales = sandboxVtpassSales;
  const float = sandboxVtpassFloat;
  const recent = sandboxVtpassRecentTargets;

  function toSale(row: typeof sales.$inferSelect): Sale {
    const service = SERVICES_BY_ID.get(row.serviceId);
    if (!service) throw new Error(`the simulator sold ${row.serviceId}, which its catalogue does not have`);
    return {
      requestId: row.requestId,
      service,
      variation: service.variations.find((v) => v.code === row.variationCode) ?? null,
      phone: row.phone,
      uniqueElement: row.uniqueElement,
      quantity: row.quantity,
      amountKobo: row.amountKobo,
      commissionBps: row.commissionBps,
      commissionKobo: row.commissionKobo,
      totalKobo: row.totalKobo,
      transactionId: row.transactionId,
      productId: row.productId,
      status: row.status,
      createdAt: row.createdAt,
      resolveAt: row.resolveAt?.getTime() ?? null,
      walletCreditId: row.walletCreditId,
      extras: row.extras,
    };
  }

  return {
    async init(initialFloatKobo) {
      await db.insert(float).values({ id: FLOAT_ROW, floatKobo: initialFloatKobo }).onConflictDoNothing();
    },
    async hasSale(requestId) {
      const rows = await db
        .select({ requestId: sales.requestId })
        .from(sales)
        .where(eq(sales.requestId, requestId));
      return rows.length > 0;
    },
    async findSale(requestId) {
      const [row] = await db.select().from(sales).where(eq(sales.requestId, requestId));
      return row && toSale(row);
    },
    async recordSale(draft, rules) {
      try {
        return await db.transaction(async (tx): Promise<RecordOutcome> => {
          const [row] = await tx
            .insert(sales)
            .values({
              requestId: draft.requestId,
              serviceId: draft.service.serviceId,
              variationCode: draft.variation?.code ?? null,
              phone: draft.phone,
              uniqueElement: draft.uniqueElement,
              quantity: draft.quantity,
              amountKobo: draft.amountKobo,
              commissionBps: draft.commissionBps,
              commissionKobo: draft.commissionKobo,
              totalKobo: draft.totalKobo,
              transactionId: draft.transactionId,
              status: draft.status,
              createdAt: draft.createdAt,
              resolveAt: draft.resolveAt === null ? null : new Date(draft.resolveAt),
              walletCreditId: draft.walletCreditId,
              extras: draft.extras,
            })
            .onConflictDoNothing()
            .returning();
          if (!row) return { refused: 'exists' };
          if (rules.duplicateKey !== null) {
            const cutoff = new Date(draft.createdAt.getTime() - rules.duplicateWindowMs);
            const claimed = await tx
              .insert(recent)
              .values({ targetKey: rules.duplicateKey, lastSaleAt: draft.createdAt })
              .onConflictDoUpdate({
                target: recent.targetKey,
                set: { lastSaleAt: draft.createdAt },
                setWhere: lte(recent.lastSaleAt, cutoff),
              })
              .returning({ targetKey: recent.targetKey });
            if (claimed.length === 0) throw new Refusal('duplicate');
          }
          if (rules.debit) {
            // last, so the one row every sale writes is locked for the shortest time
            const debited = await tx
              .update(float)
              .set({ floatKobo: sql`${float.floatKobo} - ${draft.totalKobo}` })
              .where(and(eq(float.id, FLOAT_ROW), gte(float.floatKobo, draft.totalKobo)))
              .returning({ id: float.id });
            if (debited.length === 0) throw new Refusal('low-float');
          }
          return { recorded: toSale(row) };
        });
      } catch (error) {
        if (error instanceof Refusal) return { refused: error.reason };
        throw error;
      }
    },
    async settle(requestId, status) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(sales)
          .set({
            status,
            resolveAt: null,
            ...(status === 'reversed' && {
              walletCreditId: sql`nextval(${sandboxVtpassWalletCreditIds.seqName})`,
            }),
          })
          .where(and(eq(sales.requestId, requestId), eq(sales.status, 'pending')))
          .returning();
        if (!row) return undefined;
        if (status === 'reversed') {
          await tx
            .update(float)
            .set({ floatKobo: sql`${float.floatKobo} + ${row.totalKobo}` })
            .where(eq(float.id, FLOAT_ROW));
        }
        return toSale(row);
      });
    },
    async pendingRequestIds() {
      const rows = await db
        .select({ requestId: sales.requestId })
        .from(sales)
        .where(eq(sales.status, 'pending'))
        .orderBy(asc(sales.productId));
      return rows.map((row) => row.requestId);
    },
    async floatKobo() {
      const [row] = await db
        .select({ floatKobo: float.floatKobo })
        .from(float)
        .where(eq(float.id, FLOAT_ROW));
      return row?.floatKobo ?? kobo(0);
    },
    async setFloat(amount) {
      await db
        .insert(float)
        .values({ id: FLOAT_ROW, floatKobo: amount })
        .onConflictDoUpdate({ target: float.id, set: { floatKobo: amount } });
    },
    async alterSale(requestId, change) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(sales).where(eq(sales.requestId, requestId)).for('update');
        if (!row) return undefined;
        const sale = toSale(row);
        const altered = changedSale(sale, change, null);
        const [updated] = await tx
          .update(sales)
          .set({
            status: altered.status,
            totalKobo: altered.totalKobo,
            commissionKobo: altered.commissionKobo,
            resolveAt: null,
            ...(needsCreditId(sale, change) && {
              walletCreditId: sql`nextval(${sandboxVtpassWalletCreditIds.seqName})`,
            }),
          })
          .where(eq(sales.requestId, requestId))
          .returning();
        await tx
          .update(float)
          .set({ floatKobo: sql`${float.floatKobo} + ${floatTakenBy(sale) - floatTakenBy(altered)}` })
          .where(eq(float.id, FLOAT_ROW));
        return updated && toSale(updated);
      });
    },
    async forgetSale(requestId) {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(sales).where(eq(sales.requestId, requestId)).returning();
        if (!row) return false;
        await tx
          .update(float)
          .set({ floatKobo: sql`${float.floatKobo} + ${floatTakenBy(row)}` })
          .where(eq(float.id, FLOAT_ROW));
        return true;
      });
    },
  };
}
