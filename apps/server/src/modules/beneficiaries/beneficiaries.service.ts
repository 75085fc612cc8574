import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  Beneficiary,
  SaveBeneficiaryBody,
  UpdateBeneficiaryBody,
} from '@quickvend/shared/api/beneficiaries';
import {
  BENEFICIARY_LIMIT,
  beneficiaryKindOfService,
  beneficiaryOfPurchase,
  beneficiaryTexts,
  defaultBeneficiaryLabel,
  readBeneficiaryNumber,
  type BeneficiaryKind,
  type MeterType,
} from '@quickvend/shared/beneficiaries';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { beneficiaries } from './beneficiaries.tables.ts';

type Row = typeof beneficiaries.$inferSelect;

/** What the automatic save reads of a purchase whose outcome has just committed. */
export type PurchaseOutcome = {
  userId: string;
  channel: 'web' | 'api';
  status: string;
  serviceId: string;
  phone: string;
  billersCode: string | null;
  /** an electricity purchase's meter type */
  variationCode: string | null;
  customerName: string | null;
  createdAt: Date;
};

export type BeneficiariesDeps = {
  db: Database;
  clock: Clock;
  /** sandbox mode: the provider's scenario numbers may be saved, as purchases accept them */
  acceptsSandboxNumbers: boolean;
  /** how many numbers one customer may keep */
  limit?: number;
};

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });

export function toBeneficiary(row: Row): Beneficiary {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    label: row.label,
    serviceId: row.serviceId,
    customerName: row.customerName,
    meterType: row.meterType,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A customer's saved numbers: kept by hand from the forms and the Saved numbers page, and after each delivered purchase. */
export function createBeneficiaries(deps: BeneficiariesDeps) {
  const { db, clock } = deps;
  const limit = deps.limit ?? BENEFICIARY_LIMIT;

  function readNumber(kind: BeneficiaryKind, input: string): string {
    const read = readBeneficiaryNumber(kind, input, deps.acceptsSandboxNumbers);
    if ('problem' in read) throw invalid('number', read.problem);
    return read.number;
  }

  function checkService(kind: BeneficiaryKind, serviceId: string | null | undefined): void {
    if (serviceId && beneficiaryKindOfService(serviceId) !== kind) {
      throw invalid('serviceId', beneficiaryTexts.wrongService);
    }
  }

  function checkMeterType(kind: BeneficiaryKind, meterType: MeterType | null | undefined): void {
    if (meterType && kind !== 'meter') throw invalid('meterType', beneficiaryTexts.meterTypeOfMeter);
  }

  /** one customer's saves, renames and automatic saves queue here, so the cap and the unique number hold */
  async function lockOwner(tx: Transaction, userId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`beneficiaries:${userId}`}))`);
  }

  async function countOf(tx: Transaction, userId: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(beneficiaries)
      .where(eq(beneficiaries.userId, userId));
    return row?.count ?? 0;
  }

  async function findByNumber(tx: Transaction, userId: string, kind: BeneficiaryKind, number: string) {
    const [row] = await tx
      .select()
      .from(beneficiaries)
      .where(
        and(eq(beneficiaries.userId, userId), eq(beneficiaries.kind, kind), eq(beneficiaries.number, number)),
      );
    return row;
  }

  /** @throws NOT_FOUND for an id that is not one of the customer's own */
  async function findOwned(tx: Transaction, userId: string, id: string): Promise<Row> {
    const [row] = await tx
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)));
    if (!row) throw new AppError('NOT_FOUND', beneficiaryTexts.notFound);
    return row;
  }

  return {
    limit,

    /** The customer's saved numbers, of one kind or all, the most recently used (or saved) first. */
    async list(userId: string, kind?: BeneficiaryKind): Promise<Beneficiary[]> {
      const rows = await db
        .select()
        .from(beneficiaries)
        .where(
          kind
            ? and(eq(beneficiaries.userId, userId), eq(beneficiaries.kind, kind))
            : eq(beneficiaries.userId, userId),
        )
        .orderBy(
          desc(sql`coalesce(${beneficiaries.lastUsedAt}, ${beneficiaries.createdAt})`),
          desc(beneficiaries.id),
        );
      return rows.map(toBeneficiary);
    },

    /**
     * Saves a number under the customer's name for it. A number already saved (same kind) takes the new name
     * instead, so saving twice, or after the automatic save, is harmless.
     * @throws VALIDATION_FAILED for a number or service that does not fit the kind; CONFLICT at the cap
     */
    async save(
      userId: string,
      input: SaveBeneficiaryBody,
    ): Promise<{ beneficiary: Beneficiary; isNew: boolean }> {
      const number = readNumber(input.kind, input.number);
      checkService(input.kind, input.serviceId);
      checkMeterType(input.kind, input.meterType);
      const label = input.label.trim();
      return db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const now = clock.now();
        const existing = await findByNumber(tx, userId, input.kind, number);
        if (existing) {
          const [renamed] = await tx
            .update(beneficiaries)
            .set({
              label,
              updatedAt: now,
              ...(input.serviceId && { serviceId: input.serviceId }),
              ...(input.meterType && { meterType: input.meterType }),
            })
            .where(eq(beneficiaries.id, existing.id))
            .returning();
          return { beneficiary: toBeneficiary(renamed ?? existing), isNew: false };
        }
        if ((await countOf(tx, userId)) >= limit) {
          throw new AppError('CONFLICT', beneficiaryTexts.limitReached, { limit });
        }
        const [created] = await tx
          .insert(beneficiaries)
          .values({
            id: newId('ben'),
            userId,
            kind: input.kind,
            number,
            label,
            serviceId: input.serviceId ?? null,
            meterType: input.meterType ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!created) throw new Error('the saved number was not stored');
        return { beneficiary: toBeneficiary(created), isNew: true };
      });
    },

    /**
     * A new name (and number or service) for one of the customer's saved numbers.
     * @throws NOT_FOUND for another customer's; VALIDATION_FAILED; CONFLICT when the new number is saved already
     */
    async update(userId: string, id: string, input: UpdateBeneficiaryBody): Promise<Beneficiary> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        const row = await findOwned(tx, userId, id);
        const number = input.number === undefined ? row.number : readNumber(row.kind, input.number);
        checkService(row.kind, input.serviceId);
        checkMeterType(row.kind, input.meterType);
        if (number !== row.number) {
          const other = await findByNumber(tx, userId, row.kind, number);
          if (other) throw new AppError('CONFLICT', beneficiaryTexts.alreadySaved(other.label));
        }
        const [updated] = await tx
          .update(beneficiaries)
          .set({
            label: input.label.trim(),
            number,
            updatedAt: clock.now(),
            // another number is not the one the provider verified
            ...(number !== row.number && { customerName: null }),
            ...(input.serviceId !== undefined && { serviceId: input.serviceId }),
            ...(input.meterType !== undefined && { meterType: input.meterType }),
          })
          .where(eq(beneficiaries.id, row.id))
          .returning();
        return toBeneficiary(updated ?? row);
      });
    },

    /** @throws NOT_FOUND for an id that is not one of the customer's own */
    async remove(userId: string, id: string): Promise<Beneficiary> {
      const [removed] = await db
        .delete(beneficiaries)
        .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)))
        .returning();
      if (!removed) throw new AppError('NOT_FOUND', beneficiaryTexts.notFound);
      return toBeneficiary(removed);
    },

    /**
     * After a delivered web purchase: the number it was for is saved (or marked used), named after the
     * verified customer or the network unless the customer named it. Partners' API sales are their own
     * customers' numbers, not the account holder's, and a refund or a pending sale saves nothing.
     */
    async rememberPurchase(purchase: PurchaseOutcome): Promise<void> {
      if (purchase.status !== 'delivered' || purchase.channel !== 'web') return;
      const target = beneficiaryOfPurchase(purchase);
      if (!target) return;
      const read = readBeneficiaryNumber(target.kind, target.number, deps.acceptsSandboxNumbers);
      if ('problem' in read) return;
      const { kind, meterType } = target;
      const { number } = read;
      const verifiedName = kind === 'phone' ? null : purchase.customerName?.trim() || null;
      await db.transaction(async (tx) => {
        await lockOwner(tx, purchase.userId);
        const now = clock.now();
        const existing = await findByNumber(tx, purchase.userId, kind, number);
        if (existing) {
          // Showmax names no network: a phone keeps the network it was last topped up on
          const serviceId =
            target.serviceId === 'showmax' && existing.serviceId ? existing.serviceId : target.serviceId;
          const customerName = verifiedName ?? existing.customerName;
          const wasNamedForUs = existing.label === defaultBeneficiaryLabel(existing);
          await tx
            .update(beneficiaries)
            .set({
              serviceId,
              customerName,
              // the type the meter was last bought as is the one its distributor took
              ...(meterType && { meterType }),
              label: wasNamedForUs
                ? defaultBeneficiaryLabel({ kind, number, serviceId, customerName })
                : existing.label,
              lastUsedAt: sql`greatest(${beneficiaries.lastUsedAt}, ${purchase.createdAt.toISOString()}::timestamptz)`,
              updatedAt: now,
            })
            .where(eq(beneficiaries.id, existing.id));
          return;
        }
        // a full list is the customer's to prune: nothing is dropped for them
        if ((await countOf(tx, purchase.userId)) >= limit) return;
        await tx.insert(beneficiaries).values({
          id: newId('ben'),
          userId: purchase.userId,
          kind,
          number,
          serviceId: target.serviceId,
          customerName: verifiedName,
          meterType,
          label: defaultBeneficiaryLabel({
            kind,
            number,
            serviceId: target.serviceId,
            customerName: verifiedName,
          }),
          createdAt: now,
          updatedAt: now,
          lastUsedAt: purchase.createdAt,
        });
      });
    },
  };
}

export type Beneficiaries = ReturnType<typeof createBeneficiaries>;
